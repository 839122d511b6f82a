import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown): Promise<{ id: string; key: string }> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

async function patch(page: Page, path: string, data: unknown): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.patch(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

const peekPanel = (page: Page) => page.getByRole('complementary', { name: /^Peek:/ });
const card = (page: Page, key: string) => page.getByRole('link', { name: new RegExp(`^${key}\\b`) });
const row = (page: Page, key: string) => page.locator(`a[data-task-id]`, { hasText: key });

/** The panel shows this task: its key in the URL and on top, its title in the title editor. */
async function expectPeeking(page: Page, key: string, title: string): Promise<Locator> {
  const panel = peekPanel(page);
  await expect(panel).toHaveAccessibleName(`Peek: ${key}`);
  await expect(page).toHaveURL(new RegExp(`[?&]peek=${key}\\b`));
  await expect(panel.getByLabel('Title', { exact: true })).toHaveValue(title);
  return panel;
}

test('peeking from the board and the list: keyboard and pointer, edits in place, URL kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Pia Peek', email: uniqueEmail('peek') });
  const project = await post(page, '/projects', { name: 'Peeks', key: 'PK' });
  await post(page, `/projects/${project.id}/tasks`, {
    title: 'Draw the map',
    description: 'With the **rivers**',
  });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Name the towns' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Print the legend' });
  await post(page, '/tasks/PK-1/comments', { body: 'Start from the coast.' });

  // Board, keyboard: p on a focused card opens it beside the board, with focus in the panel.
  await page.goto(`/dashboard/projects/${project.id}`);
  await card(page, 'PK-1').focus();
  await page.keyboard.press('p');
  let panel = await expectPeeking(page, 'PK-1', 'Draw the map');
  await expect(panel).toBeFocused();
  await expect(panel.getByText('rivers')).toBeVisible();
  await expect(panel.getByText('Start from the coast.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${project.id}\\?`));

  // Edited in place with the task page's editor; the card follows.
  await panel.getByLabel('Title', { exact: true }).fill('Draw the old map');
  await panel.getByLabel('Title', { exact: true }).press('Enter');
  await expect(card(page, 'PK-1')).toContainText('Draw the old map');

  // … with its conflict rule: a description saved elsewhere after the edit began is never replaced.
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  await panel.getByRole('button', { name: 'Edit description' }).click();
  await panel.getByRole('textbox', { name: 'Description' }).fill('Mine: with the lakes');
  const current = (await (await page.request.get('/api/v1/tasks/PK-1')).json()) as { version: number };
  await patch(page, '/tasks/PK-1', { version: current.version, description: 'Theirs: with the roads' });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/v1/tasks/PK-1')).json()) as { description: string })
          .description,
    )
    .toBe('Theirs: with the roads');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = page.getByRole('dialog', { name: 'Description was changed by someone else' });
  await expect(conflict.getByRole('region', { name: 'Saved meanwhile' })).toHaveText(
    /Theirs: with the roads/,
  );
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(panel.getByText('Mine: with the lakes')).toBeVisible();

  // The arrows step through the tasks in board order while it is open.
  await panel.focus();
  await page.keyboard.press('ArrowDown');
  panel = await expectPeeking(page, 'PK-2', 'Name the towns');
  await page.keyboard.press('ArrowDown');
  await expectPeeking(page, 'PK-3', 'Print the legend');
  await page.keyboard.press('ArrowUp');
  await expectPeeking(page, 'PK-2', 'Name the towns');

  // A reload keeps it open on the same task.
  await page.reload();
  panel = await expectPeeking(page, 'PK-2', 'Name the towns');

  // Escape closes it and gives focus back to the task's card.
  await panel.focus();
  await page.keyboard.press('Escape');
  await expect(peekPanel(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/peek=/);
  await expect(card(page, 'PK-2')).toBeFocused();

  // Board, pointer: Alt-click peeks instead of opening the page; the close button returns focus.
  await card(page, 'PK-3').click({ modifiers: ['Alt'] });
  panel = await expectPeeking(page, 'PK-3', 'Print the legend');
  await panel.getByRole('button', { name: 'Close the peek' }).click();
  await expect(peekPanel(page)).toHaveCount(0);
  await expect(card(page, 'PK-3')).toBeFocused();
  // A plain click still opens the task's page.
  await card(page, 'PK-1').click();
  await expect(page).toHaveURL(/\/tasks\/PK-1$/);

  // List, pointer: Alt-click a row; the status changed in the panel shows on the row.
  await page.goto(`/dashboard/projects/${project.id}?view=list`);
  await row(page, 'PK-1').click({ modifiers: ['Alt'] });
  panel = await expectPeeking(page, 'PK-1', 'Draw the old map');
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
  await expect(row(page, 'PK-1')).toContainText('In Progress');

  // List, keyboard: p on a focused row, the arrows in list order, p again on it closes. (Escape in
  // the select belongs to the select: it closes from the panel itself.)
  await panel.focus();
  await page.keyboard.press('Escape');
  await expect(row(page, 'PK-1')).toBeFocused();
  await row(page, 'PK-2').focus();
  await page.keyboard.press('p');
  await expectPeeking(page, 'PK-2', 'Name the towns');
  await page.keyboard.press('ArrowDown');
  await expectPeeking(page, 'PK-3', 'Print the legend');
  await page.keyboard.press('p');
  await expect(peekPanel(page)).toHaveCount(0);
  await expect(row(page, 'PK-3')).toBeFocused();
});

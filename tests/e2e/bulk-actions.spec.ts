import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUp, tasksThroughAPlan, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

const row = (page: Page, key: string) => page.getByRole('link', { name: new RegExp(`^${key}\\b`) });
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const TASKS = 20;

test('twenty tasks selected with a shift-click in the list move to Done at once, and the board shows them there', async ({
  page,
}) => {
  // Two selections of twenty and a board: on a busy machine this takes a while.
  test.setTimeout(120_000);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await signUp(page, { name: 'Ada Lovelace', email: uniqueEmail('bulk') });
  const project = await post(page.request, origin, '/projects', { name: 'Bulk', key: 'BLK' });
  await tasksThroughAPlan(
    page,
    project.id,
    Array.from({ length: TASKS }, (_, index) => ({ title: `Chore ${index + 1}` })),
  );
  await post(page.request, origin, '/labels', { name: 'Chore' });

  await page.goto(`/dashboard/projects/${project.id}?view=list`);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  const selectAll = async () => {
    await page.getByRole('checkbox', { name: 'Select BLK-1', exact: true }).click();
    await expect(bar(page)).toContainText('1 selected');
    // The last row is drawn once the list scrolls to it (the list is virtualised).
    const scroller = page.getByRole('region', { name: 'Task list' }).locator('.overflow-y-auto');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await row(page, `BLK-${TASKS}`).click({ modifiers: ['Shift'] });
    await expect(page).toHaveURL(/view=list/);
    await expect(bar(page)).toContainText(`${TASKS} selected`);
  };
  await selectAll();

  await bar(page).getByRole('button', { name: 'Move to' }).click();
  await bar(page).getByRole('menuitem', { name: 'Done' }).click();
  await expect(page.getByText(`Moved to Done: ${TASKS} tasks`)).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 2 }).getByRole('button', { name: /^Done \d+$/ }),
  ).toHaveText(`Done${TASKS}`);

  // Each task was moved as one change of its own, as a single move records it.
  const activity = await (await page.request.get('/api/v1/activity?limit=100')).json();
  const moves = (activity.items as { action: string; summary: string }[]).filter(
    (item) => item.action === 'task.moved',
  );
  expect(moves).toHaveLength(TASKS);
  expect(moves.map((item) => item.summary)).toContain('moved BLK-7 from Todo to Done');

  // The same twenty get a label, each keeping what it had.
  await selectAll();
  await bar(page).getByRole('button', { name: 'Label' }).click();
  await bar(page).getByRole('menuitemcheckbox', { name: 'Chore' }).click();
  await expect(page.getByText(`Labelled Chore: ${TASKS} tasks`)).toBeVisible();
  const listed = await (
    await page.request.get(`/api/v1/projects/${project.id}/tasks?label=Chore&limit=100`)
  ).json();
  expect(listed.items).toHaveLength(TASKS);

  await page.getByRole('link', { name: 'Board', exact: true }).click();
  const doneColumn = page.getByRole('region', { name: 'Done', exact: true });
  await expect(doneColumn.locator('header')).toHaveText(`Done${TASKS} tasks`);
  await expect(page.getByRole('region', { name: 'Todo', exact: true }).locator('header')).toHaveText(
    'Todo0 tasks',
  );
});

test('on the board, j/k move the cursor, x selects, Cmd-click adds, Escape clears; delete asks first', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('bulk-board') });
  const project = await post(page.request, origin, '/projects', { name: 'Keys', key: 'KEY' });
  for (const title of ['One', 'Two', 'Three']) {
    await post(page.request, origin, `/projects/${project.id}/tasks`, { title });
  }
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(row(page, 'KEY-3')).toBeVisible();

  await page.keyboard.press('j');
  await expect(row(page, 'KEY-1')).toBeFocused();
  await page.keyboard.press('j');
  await expect(row(page, 'KEY-2')).toBeFocused();
  await page.keyboard.press('x');
  await expect(bar(page)).toContainText('1 selected');
  await row(page, 'KEY-3').click({ modifiers: ['ControlOrMeta'] });
  await expect(bar(page)).toContainText('2 selected');
  await expect(page).not.toHaveURL(/\/tasks\//);
  await page.keyboard.press('Escape');
  await expect(bar(page)).toHaveCount(0);

  await page.keyboard.press('k');
  await page.keyboard.press('x');
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete 1 task?');
  await dialog.getByRole('button', { name: 'Delete 1 task' }).click();
  // Escape cleared the cursor too: k started again from the last card.
  await expect(row(page, 'KEY-3')).toHaveCount(0);
  await expect(row(page, 'KEY-2')).toBeVisible();
});

import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { LIVE_MS, signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

async function openBoard(page: Page, projectId: string) {
  await page.goto(`/dashboard/projects/${projectId}`);
  await expect(page.getByRole('region', { name: 'Todo' })).toBeVisible();
  // The event stream is open: from here on, changes made elsewhere arrive.
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, key: string) =>
  scope.getByRole('link', { name: new RegExp(`^${key}\\b`) });

test('two browsers on one board: moves and comments show up in the other without a reload', async ({
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL ?? '';
  const origin = new URL(baseURL).origin;
  const contexts: BrowserContext[] = [];
  try {
    const first = await browser.newContext();
    contexts.push(first);
    const pageA = await first.newPage();
    await signUp(pageA, { name: 'Ada Lovelace', email: uniqueEmail('board-live') });
    const project = await api(pageA.request, origin, '/projects', { name: 'Live Board', key: 'LIVE' });
    // Assignees are the organization's agent profiles.
    await api(pageA.request, origin, '/agents', { name: 'backend-dev' });
    await api(pageA.request, origin, `/projects/${project.id}/tasks`, {
      title: 'Wire the event stream',
      assignee: 'backend-dev',
      acceptanceCriteria: [{ text: 'Events arrive' }],
    });

    // The same person in a second browser (another tab, another machine): same session cookie.
    const second = await browser.newContext({ storageState: await first.storageState() });
    contexts.push(second);
    const pageB = await second.newPage();

    await openBoard(pageA, project.id);
    await openBoard(pageB, project.id);
    await expect(card(column(pageB, 'Todo'), 'LIVE-1')).toBeVisible();

    // A moves the card with the keyboard: Space picks it up, → moves it a column, Space drops it.
    const cardA = card(column(pageA, 'Todo'), 'LIVE-1');
    await cardA.focus();
    await pageA.keyboard.press('Space');
    await expect(pageA.getByRole('status').filter({ hasText: 'Picked up LIVE-1' })).toBeAttached();
    await pageA.keyboard.press('ArrowRight');
    await pageA.keyboard.press('Space');
    await expect(card(column(pageA, 'In Progress'), 'LIVE-1')).toBeVisible();
    await expect(card(column(pageB, 'In Progress'), 'LIVE-1')).toBeVisible({ timeout: LIVE_MS });
    await expect(card(column(pageB, 'Todo'), 'LIVE-1')).toHaveCount(0);

    // B drags it on to Review (in steps, as a hand moves: the drag follows the pointer); A sees it there.
    await card(column(pageB, 'In Progress'), 'LIVE-1').dragTo(column(pageB, 'Review'), { steps: 10 });
    await expect(card(column(pageB, 'Review'), 'LIVE-1')).toBeVisible();
    await expect(card(column(pageA, 'Review'), 'LIVE-1')).toBeVisible({ timeout: LIVE_MS });

    // Both open the task; a comment posted in one appears in the other.
    await card(column(pageA, 'Review'), 'LIVE-1').click();
    await expect(pageA).toHaveURL(/\/tasks\/LIVE-1$/);
    await pageB.goto(`/dashboard/projects/${project.id}/tasks/LIVE-1`);
    await expect(pageB.getByRole('heading', { name: /Task chat/ })).toBeVisible();

    await pageA.getByLabel('Write a comment').fill('Looks good — **ready** for review.');
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = (page: Page) => page.getByRole('list', { name: 'Comments' });
    await expect(comments(pageA).getByText('ready')).toBeVisible();
    await expect(comments(pageB).getByText('Looks good')).toBeVisible({ timeout: LIVE_MS });
    await expect(comments(pageB).locator('strong', { hasText: 'ready' })).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('create a project, quick-create a task, open it and check a criterion', async ({ page }) => {
  await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('board-journey') });
  await page.goto('/dashboard/projects');
  await page.getByRole('button', { name: 'New project' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Mission Control');
  // The key is suggested from the name.
  await expect(dialog.getByLabel('Key')).toHaveValue('MC');
  await dialog.getByRole('button', { name: 'Create project' }).click();

  await expect(page.getByRole('heading', { name: 'Mission Control', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/projects\/[^/]+$/);

  // Quick create in the Todo column: a title and Enter.
  const todo = column(page, 'Todo');
  await todo.getByRole('button', { name: 'New task' }).click();
  const title = todo.getByLabel('New task title in Todo');
  await title.fill('Wire the launch button');
  await title.press('Enter');
  await expect(card(todo, 'MC-1')).toBeVisible();
  await expect(card(todo, 'MC-1')).toContainText('Wire the launch button');

  await card(todo, 'MC-1').click();
  await expect(page).toHaveURL(/\/tasks\/MC-1$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Wire the launch button');

  await page.getByLabel('New acceptance criterion').fill('The button lights up');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const criterion = page.getByRole('checkbox', { name: 'The button lights up' });
  await expect(criterion).not.toBeChecked();
  await criterion.check();
  await expect(criterion).toBeChecked();
  await expect(page.getByText('Every criterion is checked.')).toBeVisible();

  // It was saved, not just ticked on screen.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'The button lights up' })).toBeChecked();

  // Back on the board, the card shows the criteria progress.
  await page.getByRole('link', { name: 'Mission Control' }).click();
  await expect(card(column(page, 'Todo'), 'MC-1')).toContainText('1/1');
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { inviteMember, signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api<T = { id: string; key: string }>(page: Page, path: string, data?: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = data
    ? await page.request.post(`/api/v1${path}`, { data, headers: { origin } })
    : await page.request.get(`/api/v1${path}`);
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

const statusList = (page: Page) => page.getByRole('list', { name: 'Statuses' });
const statusRow = (page: Page, name: string) => statusList(page).getByRole('listitem', { name, exact: true });
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, key: string) =>
  scope.getByRole('link', { name: new RegExp(`^${key}\\b`) });

/** The statuses as the screen lists them, top to bottom. */
async function listed(page: Page): Promise<string[]> {
  return statusList(page)
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

/** The board's columns, left to right. */
async function columns(page: Page): Promise<string[]> {
  return page
    .locator('section[aria-label]:has([data-card-list])')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label') ?? ''));
}

test('an owner adds, renames, reorders and deletes statuses; the board and a member follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Wanda Workflow', email: uniqueEmail('workflow') });
  const project = await api(page, '/projects', { name: 'Flow', key: 'FLW' });

  // From the board, the header's Workflow link opens the project's workflow.
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${project.id}/settings/workflow$`));
  await expect(page.getByRole('heading', { name: 'Workflow', level: 1 })).toBeVisible();
  expect(await listed(page)).toEqual(['Todo', 'In Progress', 'Review', 'Done']);
  // The role is known as the page opens: an owner never sees the members' read-only note.
  await expect(page.getByText('Owners and admins change the workflow.')).toHaveCount(0);

  // Add: QA, a review status in purple, lands last.
  await page.getByRole('button', { name: 'New status' }).click();
  const dialog = page.getByRole('dialog', { name: 'New status' });
  await dialog.getByRole('button', { name: 'Add status' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('The name is required.');
  await dialog.getByLabel('Name').fill('QA');
  await dialog.getByLabel('Category').selectOption('review');
  await dialog.getByTitle('Purple').click();
  await dialog.getByRole('button', { name: 'Add status' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusRow(page, 'QA')).toContainText('Review');
  await expect(statusRow(page, 'QA').getByRole('img', { name: 'Colour #8e4ec6' })).toBeVisible();
  expect(await listed(page)).toEqual(['Todo', 'In Progress', 'Review', 'Done', 'QA']);

  // A task waits in QA, so deleting it later has something to move.
  const statuses = await api<{ items: { id: string; name: string }[] }>(
    page,
    `/projects/${project.id}/statuses`,
  );
  const qa = statuses.items.find((status) => status.name === 'QA');
  await api(page, `/projects/${project.id}/tasks`, { title: 'Check the release', statusId: qa?.id });
  await expect(statusRow(page, 'QA')).toContainText('1 task');

  // Reorder by keyboard: the handle's up arrow moves it one column and keeps focus.
  const handle = page.getByRole('button', { name: /^Reorder QA/ });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => listed(page)).toEqual(['Todo', 'In Progress', 'Review', 'QA', 'Done']);
  await expect(page.getByRole('button', { name: /^Reorder QA/ })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Moved QA' })).toHaveText(
    'Moved QA to column 4 of 5.',
  );
  // … and by pointer (in steps, as a hand moves): dropped on In Progress's row, it takes that place.
  await statusRow(page, 'QA').dragTo(statusRow(page, 'In Progress'), { steps: 10 });
  await expect.poll(() => listed(page)).toEqual(['Todo', 'QA', 'In Progress', 'Review', 'Done']);

  // Rename: a taken name is refused on the name field; another goes through.
  await page.getByRole('button', { name: 'Edit status QA' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit status QA' });
  await edit.getByLabel('Name').fill('done');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByLabel('Name')).toHaveAccessibleDescription(
    /Another status in this project is named "Done"/,
  );
  await edit.getByLabel('Name').fill('Testing');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(statusRow(page, 'Testing')).toBeVisible();

  // The board's columns are the statuses, in their order.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Flow' }).click();
  await expect(column(page, 'Testing')).toBeVisible();
  expect(await columns(page)).toEqual(['Todo', 'Testing', 'In Progress', 'Review', 'Done']);
  await expect(card(column(page, 'Testing'), 'FLW-1')).toBeVisible();

  // Delete: Done is the only done status, so the server refuses, and the dialog says why.
  await page.goto(`/dashboard/projects/${project.id}/settings/workflow`);
  await page.getByRole('button', { name: 'Delete status Done' }).click();
  const refused = page.getByRole('dialog', { name: 'Delete status Done?' });
  await refused.getByRole('button', { name: 'Delete status' }).click();
  await expect(refused.getByRole('alert')).toContainText("it is the project's only done status");
  await refused.getByRole('button', { name: 'Cancel' }).click();

  // Testing goes, its task moved to the status chosen.
  await page.getByRole('button', { name: 'Delete status Testing' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete status Testing?' });
  await expect(remove).toContainText('Its 1 task move to the status you choose.');
  await remove.getByLabel('Move its tasks to').selectOption({ label: 'Review' });
  await remove.getByRole('button', { name: 'Delete status' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('Deleted status Testing; 1 task moved to Review')).toBeVisible();
  expect(await listed(page)).toEqual(['Todo', 'In Progress', 'Review', 'Done']);
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(card(column(page, 'Review'), 'FLW-1')).toBeVisible();
  await expect(column(page, 'Testing')).toHaveCount(0);

  // A member reads the workflow without its controls, and sees an admin's change arrive.
  const member = await inviteMember(page, browser, 'Max Member', 'workflow-member');
  try {
    await member.goto(`/dashboard/projects/${project.id}/settings/workflow`);
    await expect(statusRow(member, 'Review')).toContainText('1 task');
    await expect(member.getByText('Owners and admins change the workflow.')).toBeVisible();
    await expect(member.getByRole('button', { name: 'New status' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Edit status/ })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Delete status/ })).toHaveCount(0);
    await api(page, `/projects/${project.id}/statuses`, { name: 'Blocked', category: 'todo', position: 1 });
    await expect.poll(() => listed(member)).toEqual(['Todo', 'Blocked', 'In Progress', 'Review', 'Done']);
  } finally {
    await member.context().close();
  }
});

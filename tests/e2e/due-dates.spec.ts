import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string; version: number }>;
}

/** A day some years from now, so it is never overdue whenever the journey runs. */
const FUTURE_YEAR = new Date().getFullYear() + 3;

test('a due date and an estimate are set on the task page, and the list and My work sort by them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('due-dates') });
  const session = await page.request.get('/api/v1/auth/get-session');
  const me = ((await session.json()) as { user: { id: string } }).user.id;
  const project = await api(page, 'POST', '/projects', { name: 'Compiler', key: 'DUE' });
  const statuses = (await (await page.request.get(`/api/v1/projects/${project.id}/statuses`)).json())
    .items as { id: string; category: string }[];
  const done = statuses.find((status) => status.category === 'done')?.id;
  const picked = await api(page, 'POST', `/projects/${project.id}/tasks`, {
    title: 'Write the linker',
    assigneeUserId: me,
  });
  const late = await api(page, 'POST', `/projects/${project.id}/tasks`, {
    title: 'Port the runtime',
    dueDate: '2020-03-02',
    estimate: 2,
    assigneeUserId: me,
  });
  await api(page, 'POST', `/projects/${project.id}/tasks`, {
    title: 'Release notes',
    dueDate: '2020-03-01',
    statusId: done,
  });
  const undated = await api(page, 'POST', `/projects/${project.id}/tasks`, {
    title: 'Tidy the parser',
    assigneeUserId: me,
  });

  // 1. On the task page: the date is saved when the field is left, the estimate on choosing.
  await page.goto(`/dashboard/projects/${project.id}/tasks/${picked.key}`);
  const dueDate = page.getByLabel('Due date');
  await dueDate.fill(`${FUTURE_YEAR}-12-03`);
  await dueDate.press('Enter');
  await page.getByLabel('Estimate').selectOption('5');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText(`due date set to 3 Dec ${FUTURE_YEAR}`);
  await expect(activity).toContainText('estimate set to 5 points');
  await page.reload();
  await expect(page.getByLabel('Due date')).toHaveValue(`${FUTURE_YEAR}-12-03`);
  await expect(page.getByLabel('Estimate')).toHaveValue('5');
  await expect(page.getByText('Overdue')).toHaveCount(0);

  // 2. A task past its day says so on its page; a done one past its day does not, in the list.
  await page.goto(`/dashboard/projects/${project.id}/tasks/${late.key}`);
  await expect(page.getByText('Overdue', { exact: true })).toBeVisible();

  // 3. The list sorts by due date (undated last either way) and by estimate, kept in the URL.
  await page.goto(`/dashboard/projects/${project.id}?view=list&group=priority`);
  const rows = page.locator('[data-row-task]');
  await expect(rows).toHaveCount(4);
  await page.getByLabel('Sort by').selectOption('due');
  await expect(page).toHaveURL(/sort=due/);
  await expect(rows.locator('a[data-task-id] > span:nth-child(2)')).toHaveText([
    'DUE-3',
    'DUE-2',
    'DUE-1',
    'DUE-4',
  ]);
  const overdue = page.locator('time[data-overdue]');
  await expect(overdue).toHaveCount(1);
  await expect(overdue).toHaveAttribute('datetime', '2020-03-02');
  await page.getByRole('button', { name: /sort descending/ }).click();
  await expect(rows.locator('a[data-task-id] > span:nth-child(2)')).toHaveText([
    'DUE-1',
    'DUE-2',
    'DUE-3',
    'DUE-4',
  ]);
  await page.getByLabel('Sort by').selectOption('estimate');
  await expect(rows.first()).toContainText(picked.key);

  // 4. My work, sorted by due date, lists my tasks across projects: the overdue one first.
  await page.goto('/dashboard/my-work');
  await page.getByLabel('Sort tasks').selectOption('due');
  await expect(page).toHaveURL(/sort=due/);
  const mine = page.getByRole('list', { name: 'Assigned to you' }).getByRole('link');
  await expect(mine).toHaveText([
    new RegExp(`^${late.key}`),
    new RegExp(`^${picked.key}`),
    new RegExp(`^${undated.key}`),
  ]);
  await page.getByLabel('Sort tasks').selectOption('estimate');
  await expect(mine.first()).toHaveText(new RegExp(`^${picked.key}`));
});

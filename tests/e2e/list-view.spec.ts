import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

const row = (page: Page, key: string) => page.getByRole('link', { name: new RegExp(`^${key}\\b`) });
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2 }).getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
const list = (page: Page) => page.getByRole('region', { name: 'Task list' });

test('the list view groups, filters and sorts, all kept in the URL through a reload', async ({ page }) => {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await signUp(page, { name: 'Ada Lovelace', email: uniqueEmail('list-view') });
  const project = await post(page.request, origin, '/projects', { name: 'List View', key: 'LST' });
  const unit = (await post(page.request, origin, `/projects/${project.id}/work-units`, {
    title: 'Parser',
  })) as unknown as { id: string; slug: string };
  const statuses = (await (await page.request.get(`/api/v1/projects/${project.id}/statuses`)).json())
    .items as {
    id: string;
    name: string;
  }[];
  const done = statuses.find((status) => status.name === 'Done');
  await post(page.request, origin, `/projects/${project.id}/tasks`, {
    title: 'Write the lexer',
    priority: 'high',
    workUnitId: unit.id,
  });
  await post(page.request, origin, `/projects/${project.id}/tasks`, { title: 'Ship it', priority: 'low' });
  await post(page.request, origin, `/projects/${project.id}/tasks`, {
    title: 'Add tests',
    priority: 'high',
    statusId: done?.id,
  });

  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole('link', { name: 'List' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(heading(page, 'Todo')).toHaveText('Todo2');
  await expect(heading(page, 'Done')).toHaveText('Done1');

  // Grouped by priority: high, then low; no empty medium group.
  await page.getByLabel('Group by').selectOption('priority');
  await expect(page).toHaveURL(/group=priority/);
  await expect(heading(page, 'High')).toHaveText('High2');
  await expect(heading(page, 'Low')).toHaveText('Low1');
  await expect(heading(page, 'Medium')).toHaveCount(0);

  // Grouped by work unit, the tasks of none last.
  await page.getByLabel('Group by').selectOption('workUnit');
  await expect(heading(page, `${unit.slug} · Parser`)).toHaveText(`${unit.slug} · Parser1`);
  await expect(heading(page, 'No work unit')).toHaveText('No work unit2');

  // A collapsed group shows its heading only.
  await heading(page, 'No work unit').click();
  await expect(row(page, 'LST-2')).toHaveCount(0);
  await heading(page, 'No work unit').click();
  await expect(row(page, 'LST-2')).toBeVisible();

  // Filtered to high priority and sorted by title, Z to A.
  await page.getByLabel('Priority', { exact: true }).selectOption('high');
  await page.getByLabel('Sort by').selectOption('title');
  await page.getByRole('button', { name: /sort descending/ }).click();
  await expect(page).toHaveURL(/priority=high/);
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).toHaveURL(/dir=desc/);
  await expect(row(page, 'LST-2')).toHaveCount(0);

  // The copied URL reopens the same view.
  await page.reload();
  await expect(page.getByLabel('Group by')).toHaveValue('workUnit');
  await expect(page.getByLabel('Sort by')).toHaveValue('title');
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('high');
  await expect(row(page, 'LST-2')).toHaveCount(0);
  await page.getByLabel('Group by').selectOption('status');
  const keys = await list(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent?.slice(0, 5)));
  expect(keys).toEqual(['LST-1', 'LST-3']);
  await expect(page).not.toHaveURL(/group=/);

  // Opening a row opens the task.
  await row(page, 'LST-1').click();
  await expect(page).toHaveURL(/\/tasks\/LST-1$/);
});

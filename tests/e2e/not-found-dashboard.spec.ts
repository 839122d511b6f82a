import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors } from './accessibility';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

/** An id shaped like a real one that no organization has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

test('unknown projects, tasks, plans, work units and pages say so and lead back, without console errors', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Nora Nowhere', email: uniqueEmail('not-found') });
  const project = await post(page, '/projects', { name: 'Lost and Found', key: 'LAF' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Find the keys' });
  const board = `/dashboard/projects/${project.id}`;
  const errors = collectPageErrors(page);

  // An unknown dashboard address keeps the dashboard around it and offers the way home.
  await page.goto('/dashboard/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'All projects' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);

  // A project that is not there.
  await page.goto(`/dashboard/projects/${MISSING_ID}`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'All projects' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);

  // A task that is not there is named by the key asked for, never an id, and leads to its board.
  await page.goto(`${board}/tasks/LAF-99`);
  await expect(page.getByRole('heading', { name: 'Task not found' })).toBeVisible();
  await expect(page.getByText('LAF-99')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the board' }).click();
  await expect(page).toHaveURL(new RegExp(`${board}$`));
  await expect(page.getByText('Find the keys')).toBeVisible();

  // A plan that is not there: said plainly, never another plan shown in its place.
  await page.goto(`${board}?view=plan&plan=${MISSING_ID}`);
  await expect(page.getByRole('heading', { name: 'Plan not found' })).toBeVisible();
  await page.getByRole('link', { name: 'All plans' }).click();
  await expect(page).toHaveURL(/view=plan$/);
  await expect(page.getByText('No plans yet')).toBeVisible();

  // A work unit that is not there: not an empty board that looks like a filter with no matches.
  await page.goto(`${board}?workUnit=${MISSING_ID}`);
  await expect(page.getByRole('heading', { name: 'Work unit not found' })).toBeVisible();
  await page.getByRole('link', { name: 'All work units' }).click();
  await expect(page).toHaveURL(/view=work-units$/);

  expect(errors.length, `errors in the console:\n${errors.join('\n')}`).toBe(0);
});

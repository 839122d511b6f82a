/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.
import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

// Whole journeys through several pages, each waiting on the server: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function post<T = { id: string; key: string }>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/**
 * The focused element is on screen and shows that it has the focus: an outline or a ring (box-shadow),
 * as computed by the browser, not as the class names promise.
 */
async function expectVisibleFocus(page: Page) {
  const focused = page.locator(':focus');
  await expect(focused).toHaveCount(1);
  await expect(focused).toBeInViewport();
  const indicator = await focused.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth, boxShadow: style.boxShadow };
  });
  const outlined = indicator.outlineStyle !== 'none' && indicator.outlineWidth !== '0px';
  expect(outlined || indicator.boxShadow !== 'none', JSON.stringify(indicator)).toBe(true);
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, columnName: string, key: string) =>
  column(page, columnName).getByRole('link', { name: new RegExp(`^${key}\\b`) });

test('keyboard only: create a task with c, move it with the arrows and with s, assign it with a, label it with l', async ({
  page,
}) => {
  await signUp(page, { name: 'Kay Board', email: uniqueEmail('keyboard') });
  const project = await post(page, '/projects', { name: 'Keys', key: 'KEY' });
  await post(page, '/agents', { name: 'backend-dev' });
  await post(page, '/labels', { name: 'Keyboard' });
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(column(page, 'Todo')).toBeVisible();
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  // c opens the quick create of the first column, with the focus in its field.
  await page.keyboard.press('c');
  const title = page.getByLabel('New task title in Todo');
  await expect(title).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('Typed without a mouse');
  await page.keyboard.press('Enter');
  await expect(card(page, 'Todo', 'KEY-1')).toBeVisible();
  await page.keyboard.press('Escape');

  // The card: Space picks it up, → carries it a column, Space drops it, and it keeps the focus.
  await card(page, 'Todo', 'KEY-1').focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(card(page, 'In Progress', 'KEY-1')).toBeVisible();
  await expect(card(page, 'In Progress', 'KEY-1')).toBeFocused();
  await expectVisibleFocus(page);

  // Enter opens it; on its page, a and s act on it through the palette's nested pages.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/KEY-1$/);
  await expect(page.getByRole('heading', { name: /Task chat/ })).toBeVisible();

  await page.keyboard.press('a');
  const palette = page.getByRole('dialog', { name: 'Assign to…' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('backend');
  await expect(palette.getByRole('option', { name: /backend-dev/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Assigned KEY-1 to backend-dev', { exact: true })).toBeVisible();

  await page.keyboard.press('s');
  const move = page.getByRole('dialog', { name: 'Move to…' });
  await expect(move.getByRole('combobox')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('review');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Moved KEY-1 to Review', { exact: true })).toBeVisible();

  await page.keyboard.press('l');
  const label = page.getByRole('dialog', { name: 'Add label…' });
  await expect(label.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('keyb');
  await expect(label.getByRole('option', { name: /Keyboard/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  // The toast, not the activity line below it that says the same in lower case.
  await expect(page.getByText('Added label Keyboard to KEY-1', { exact: true })).toBeVisible();

  const task = await (await page.request.get('/api/v1/tasks/KEY-1')).json();
  expect(task.labels.map((held: { name: string }) => held.name)).toEqual(['Keyboard']);
  expect(task.assignee).toBe('backend-dev');
  const statuses = await (await page.request.get(`/api/v1/projects/${project.id}/statuses`)).json();
  expect(statuses.items.find((status: { id: string }) => status.id === task.statusId).name).toBe('Review');

  // Back to the projects with g p, from the keyboard.
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
});

import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

// Whole journeys through several pages, each waiting on the server: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post<T = { id: string; key: string }>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

const palette = (page: Page) => page.getByRole('dialog');
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(paletteInput(page)).toBeFocused();
}

test('Ctrl+K finds a task by its key, opens it, and moves it to Done', async ({ page }) => {
  await signUp(page, { name: 'Pat Palette', email: uniqueEmail('palette') });
  const project = await post(page, '/projects', { name: 'Palette', key: 'PAL' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Write the palette docs' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Something else' });

  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPalette(page);
  await expect(palette(page)).toHaveAccessibleName('Command palette');
  await page.keyboard.type('pal-1');
  const option = palette(page).getByRole('option', { name: /Write the palette docs/ });
  await expect(option).toBeVisible();
  await expect(palette(page).getByRole('option', { name: /Something else/ })).toHaveCount(0);
  // The highlighted option is the input's active descendant, and the count is announced.
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(paletteInput(page)).toHaveAttribute(
    'aria-activedescendant',
    (await option.getAttribute('id')) ?? '',
  );
  await expect(palette(page).getByRole('status')).toHaveText('1 result');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/projects\/[^/]+\/tasks\/PAL-1$/);
  await expect(palette(page)).toBeHidden();
  // The palette acts on the open task only once the page has it; a person sees the title first too.
  await expect(page.getByRole('heading', { level: 1, name: 'Write the palette docs' })).toBeVisible();

  // On the task's page the palette acts on it: Move to… lists its project's statuses.
  await openPalette(page);
  await page.keyboard.type('move');
  await expect(palette(page).getByRole('option', { name: /^Move to…/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveAccessibleName('Move to…');
  await expect(palette(page).getByRole('option', { name: /Todo.*Current/ })).toBeVisible();
  await page.keyboard.type('done');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Moved PAL-1 to Done', { exact: true })).toBeVisible();
  const task = await (await page.request.get('/api/v1/tasks/PAL-1')).json();
  const statuses = await (await page.request.get(`/api/v1/projects/${project.id}/statuses`)).json();
  expect(statuses.items.find((status: { id: string }) => status.id === task.statusId).name).toBe('Done');
});

test('the palette switches organization and toggles the theme; Escape closes it and focus returns', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUp(page, { name: 'Sam Switch', email: uniqueEmail('palette-org') });
  const slug = `second-${Date.now()}`;
  await post(page, '/auth/organization/create', {
    name: 'Second Palette Org',
    slug,
    keepCurrentActiveOrganization: true,
  });
  await page.goto('/dashboard/projects');
  const switcher = page.getByRole('button', { name: /^Current organization:/ });
  await expect(switcher).not.toContainText('Second Palette Org');

  // Escape closes the palette and gives the focus back to where it was.
  await switcher.focus();
  await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(switcher).toBeFocused();

  await openPalette(page);
  await page.keyboard.type('switch org');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveAccessibleName('Switch organization…');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Switched to Second Palette Org')).toBeVisible();
  await expect(switcher).toContainText('Second Palette Org');

  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  await openPalette(page);
  await page.keyboard.type('theme');
  await expect(palette(page).getByRole('option', { name: 'Switch to light theme' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(html).toHaveClass(/\blight\b/);
  await openPalette(page);
  await page.keyboard.type('theme');
  await expect(palette(page).getByRole('option', { name: 'Switch to dark theme' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(html).toHaveClass(/\bdark\b/);
});

test('"/" opens the palette outside text fields, "?" lists the shortcuts, and s without a task says so', async ({
  page,
}) => {
  await signUp(page, { name: 'Kim Keys', email: uniqueEmail('palette-keys') });
  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const description of [
    'Open the command palette',
    'Create task',
    'Move to…',
    'Go to projects',
    'Go to My work',
  ]) {
    await expect(help.getByText(description, { exact: false }).first()).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('s');
  await expect(page.getByText('Select a task first')).toBeVisible();
  await expect(palette(page)).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
});

import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

const card = (page: Page, key: string) => page.getByRole('link', { name: new RegExp(`^${key}\\b`) });

test('a label made in settings, put on a task from its page, shows on the board and filters it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, { name: 'Lena Labels', email: uniqueEmail('labels') });
  const project = await post(page, '/projects', { name: 'Labelled', key: 'LBL' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Crash when saving' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Write the changelog' });

  // Settings: the owner creates a red "Bug" label.
  await page.goto('/dashboard/settings/organization');
  await page
    .getByRole('navigation', { name: 'Organization settings' })
    .getByRole('link', { name: 'Labels' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/organization\/labels$/);
  await page.getByRole('button', { name: 'New label' }).click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  await dialog.getByLabel('Name').fill('Bug');
  // The swatch is what a pointer clicks; the radio inside it is what it checks.
  await dialog.getByTitle('Red').click();
  await expect(dialog.getByRole('radio', { name: 'Red' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog).toBeHidden();
  const listed = page.getByRole('list', { name: 'Labels' }).getByRole('listitem', { name: 'Bug' });
  await expect(listed).toContainText('#e5484d');

  // The task's page: the picker finds the label by a few letters and puts it on.
  await page.goto(`/dashboard/projects/${project.id}/tasks/LBL-1`);
  await page.getByRole('button', { name: 'Add label' }).click();
  const picker = page.getByRole('dialog', { name: 'Labels' });
  await picker.getByRole('combobox', { name: 'Search labels' }).fill('bu');
  await picker.getByRole('option', { name: 'Bug' }).click();
  await expect(picker.getByRole('option', { name: 'Bug' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Labels' })).toHaveText('Label Bug');
  // Saved, not only shown: a fresh load still has it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove label Bug' })).toBeAttached();

  // The board: the card carries the chip, named for screen readers.
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(card(page, 'LBL-1').getByRole('list', { name: 'Labels' })).toHaveText('Label Bug');
  await expect(card(page, 'LBL-2').getByRole('list', { name: 'Labels' })).toHaveCount(0);

  // Filtering by it keeps only that card, and the URL says so.
  await page.getByLabel('Label', { exact: true }).selectOption('Bug');
  await expect(page).toHaveURL(/[?&]label=Bug\b/);
  await expect(card(page, 'LBL-1')).toBeVisible();
  await expect(card(page, 'LBL-2')).toHaveCount(0);

  // The link opens the same filtered board.
  const filtered = page.url();
  await page.goto('/dashboard');
  await page.goto(filtered);
  await expect(card(page, 'LBL-1')).toBeVisible();
  await expect(card(page, 'LBL-2')).toHaveCount(0);
  await expect(page.getByLabel('Label', { exact: true })).toHaveValue('Bug');
});

import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

// Keyboard users never lose their place: after each of these steps focus is somewhere on the page,
// never on the document's body.

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? 'NONE');

test('focus stays on the page after opening a card, in the edit-project dialog and after revoking a key', async ({
  page,
}) => {
  await signUp(page, { name: 'Kim Keyboard', email: uniqueEmail('focus') });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const headers = { origin };
  const project = await (
    await page.request.post('/api/v1/projects', { data: { name: 'Focus', key: 'FOC' }, headers })
  ).json();
  await page.request.post(`/api/v1/projects/${project.id}/tasks`, { data: { title: 'First' }, headers });

  // Opening a card with Enter: the task page's main region has focus.
  await page.goto(`/dashboard/projects/${project.id}`);
  const card = page.getByRole('link', { name: /^FOC-1\b/ });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/FOC-1$/);
  await expect(page.locator('#main')).toBeFocused();

  // The edit-project dialog opens on its first field; Escape gives focus back to Edit.
  await page.goto(`/dashboard/projects/${project.id}`);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Focus' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();

  // Revoking a key: its row goes, the key list takes the focus.
  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Short-lived');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('New API key')).toHaveValue(/^sb_/);
  await page.getByRole('button', { name: 'Revoke Short-lived' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Short-lived?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(page.getByRole('button', { name: 'Revoke Short-lived' })).toHaveCount(0);
  await expect.poll(() => focusedTag(page)).not.toBe('BODY');
});

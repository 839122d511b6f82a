import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

test('an admin key is asked about first, shown as admin in the list, and the box resets after it', async ({
  page,
}) => {
  await signUp(page, { name: 'Kim Keys', email: uniqueEmail('api-keys') });
  await page.goto('/dashboard/settings/developer/api-keys');
  const table = page.getByRole('table', { name: 'API keys' });
  const adminBox = page.getByLabel(/^Admin key/);

  await page.getByLabel('Key name').fill('Rules keeper');
  await adminBox.check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an admin key?' });
  await expect(dialog).toBeVisible();
  // Backing out creates nothing and keeps the choice as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(adminBox).toBeChecked();

  await page.getByRole('button', { name: 'Create key' }).click();
  await dialog.getByRole('button', { name: 'Create admin key' }).click();
  await expect(page.getByLabel('New API key')).toHaveValue(/^sb_/);
  await expect(table.getByRole('columnheader', { name: 'Agent' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Admin' })).toBeVisible();
  const adminRow = table.getByRole('row', { name: 'Rules keeper' });
  await expect(adminRow.getByRole('cell').nth(2)).toHaveText('Admin');
  // The next key is an ordinary one unless ticked again, and is made without a question.
  await expect(adminBox).not.toBeChecked();

  await page.getByLabel('Key name').fill('Plain key');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog).toHaveCount(0);
  const plainRow = table.getByRole('row', { name: 'Plain key' });
  await expect(plainRow.getByRole('cell').nth(2)).toHaveText('No');
  await expect(adminRow.getByRole('cell').nth(2)).toHaveText('Admin');
});

import { expect, type Page, test } from '@playwright/test';
import { totpCode, totpSecretOf } from '@switchboard/server/testing/totp';
import { PASSWORD, signOut, signUp, uniqueEmail } from './support';

/** The account page has buttons of its own named "Sign out …": sign out from the dashboard instead. */
async function leaveAndSignOut(page: Page) {
  await page.goto('/dashboard');
  await signOut(page);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('change my password on the account page, then sign in with the new one', async ({ page }) => {
  const email = uniqueEmail('password-change');
  await signUp(page, { name: 'Pat Password', email });
  await page.goto('/dashboard/account');

  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill('a fresh new password');
  await section.getByLabel('New password again').fill('a fresh new password');
  await expect(section.getByLabel('Sign out my other sessions')).toBeChecked();
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert')).toContainText(/password/i);

  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed; your other sessions are signed out')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');

  await leaveAndSignOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signInWithPassword(page, email, 'a fresh new password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('turn on two-factor sign-in, sign in with a code and with a recovery code', async ({ page }) => {
  const email = uniqueEmail('two-factor');
  await signUp(page, { name: 'Tess Two', email });
  await page.goto('/dashboard/account');

  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = (await recoveryCodes.first().textContent()) ?? '';
  const uri = await section
    .getByRole('link', { name: 'Open in an authenticator app on this device' })
    .getAttribute('href');
  const key = totpSecretOf(uri ?? '');
  await expect(section.getByTestId('two-factor-secret')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  await section.getByLabel('Code from the app').fill(totpCode(key));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Sign-in now asks for a code; a wrong one is refused in words, the right one lets me in.
  await leaveAndSignOut(page);
  await signInWithPassword(page, email, PASSWORD);
  const code = page.getByLabel('Code from your app');
  await expect(code).toBeVisible();
  await code.fill(totpCode(key, Date.now() + 10 * 60_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await code.fill(totpCode(key));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code instead of the app.
  await signOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// Changing the sign-in address on the account page: the current password is asked for, an address
// another account uses is refused, and the new address counts once the link logged for it (mailed
// when a mail server is set) is followed.
import { expect, test } from '@playwright/test';
import { sharedServerLog } from './logged-server';
import { PASSWORD, signOut, signUp, uniqueEmail } from './support';

const server = sharedServerLog();

test('the address changes once the link sent to the new one is followed', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('mover');
  const newEmail = uniqueEmail('moved');
  const taken = uniqueEmail('taken');
  try {
    const other = await request.post('/api/v1/auth/sign-up/email', {
      data: { name: 'Tia Taken', email: taken, password: PASSWORD },
    });
    expect(other.status()).toBe(200);

    await signUp(page, { name: 'Mo Mover', email });
    await page.goto('/dashboard/account');
    const section = page.getByRole('region', { name: 'Email address' });
    await expect(section).toContainText(`You sign in with ${email}.`);

    const newAddress = section.getByLabel('New email address');
    const password = section.getByLabel('Current password');
    const submit = section.getByRole('button', { name: 'Change email' });

    await newAddress.fill(email);
    await submit.click();
    await expect(section.getByText('This is your address already. Enter the new one.')).toBeVisible();
    await expect(section.getByText('Enter your current password.')).toBeVisible();

    await newAddress.fill(taken);
    await password.fill('not my password');
    await submit.click();
    await expect(section.getByRole('alert')).toHaveText('That password is not right.');

    await password.fill(PASSWORD);
    await submit.click();
    await expect(section.getByRole('alert')).toHaveText(
      'Another account already uses this email address. Choose another one.',
    );

    await newAddress.fill(newEmail);
    await password.fill(PASSWORD);
    await submit.click();
    await expect(section.getByRole('status')).toHaveText(
      `We sent a link to ${newEmail}. Your address changes once you follow it.`,
    );
    await expect(section).toContainText(`You sign in with ${email}.`);

    const link = await server.waitForLink(`[email-change] ${newEmail}`);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole('region', { name: 'Email address' })).toContainText(
      `You sign in with ${newEmail}.`,
    );

    // Signed out from the dashboard: the account page has sign-out buttons of its own.
    await page.goto('/dashboard');
    await signOut(page);
    await page.getByLabel('Email').fill(newEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link again: used already, and the page says so.
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard\/account\?error=USER_NOT_FOUND$/);
    await expect(page.getByRole('region', { name: 'Email address' }).getByRole('alert')).toHaveText(
      'This email change link was used already. Your address is the one shown here.',
    );
  } finally {
    await context.close();
  }
});

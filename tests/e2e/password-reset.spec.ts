// Forgot password: from the sign-in form to a new password by the link the server logs (it mails it
// when a mail server is set), with every other session of the account ended and the link good once.
import { expect, type Page, test } from '@playwright/test';
import { sharedServerLog } from './logged-server';
import { PASSWORD, signOut, signUp, uniqueEmail } from './support';

const NEW_PASSWORD = 'a brand new passphrase';
const server = sharedServerLog();

async function askForLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If an account uses ${email}, a link to choose a new password is on its way there. It works for one hour.`,
  );
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a forgotten password is reset by the logged link, once, and other sessions end', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const otherDevice = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('forgetful');
  try {
    await signUp(page, { name: 'Fern Forgetful', email });
    const elsewhere = await otherDevice.newPage();
    await signIn(elsewhere, email, PASSWORD);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard');
    await signOut(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    // An unknown address gets the same answer, so the page never tells who has an account.
    const unknown = uniqueEmail('nobody');
    await askForLink(page, unknown);
    await page.getByRole('button', { name: 'ask again' }).click();
    await askForLink(page, email);

    const link = await server.waitForLink(`[password-reset] ${email}`);
    expect(server.output()).not.toContain(`[password-reset] ${unknown}`);
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);

    // Checked before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The two passwords differ. Type the same password twice.')).toBeVisible();

    await page.getByLabel('New password again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with the new one.');

    // The other device was signed out by the reset.
    await elsewhere.goto('/dashboard');
    await expect(elsewhere).toHaveURL(/\/auth(\?|$)/);

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);

    // A link works once: the second time, the page says so and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link has expired or was used already. Links work once, for one hour.',
    );
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  } finally {
    await context.close();
    await otherDevice.close();
  }
});

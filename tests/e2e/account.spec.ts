/// <reference lib="dom" />
// The evaluateAll callback runs in the browser: it needs the DOM types tests/tsconfig.json leaves out.

import { expect, test } from '@playwright/test';
import { PASSWORD, pagesOfTheirOwn, signUp, uniqueEmail } from './support';

// Each person gets a browser context of their own; all are closed after each test.
const newPage = pagesOfTheirOwn();

test('revoking other sessions signs out a second browser on its next request', async ({ browser }) => {
  const email = uniqueEmail('sessions');
  const first = await newPage(browser);
  await signUp(first, { name: 'Rita Revoke', email });
  await first.goto('/dashboard');

  // The same person signs in from a second browser.
  const second = await newPage(browser);
  await second.goto('/auth');
  await second.getByLabel('Email').fill(email);
  await second.getByLabel('Password').fill(PASSWORD);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second).toHaveURL(/\/dashboard$/);

  // The account page lists both, this one marked, each with a readable device name.
  await first.getByRole('button', { name: 'Account menu' }).click();
  await first.getByRole('link', { name: 'Account and security' }).click();
  await expect(first).toHaveURL(/\/dashboard\/account$/);
  const sessions = first.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem', { name: /\(this device\)$/ })).toHaveCount(1);
  await expect(sessions.getByRole('listitem').first()).toContainText(
    /Chrome on Linux|Chrome on macOS|Chrome/,
  );

  await first.getByRole('button', { name: 'Sign out other sessions' }).click();
  await first
    .getByRole('dialog', { name: 'Sign out other sessions?' })
    .getByRole('button', { name: 'Sign out other sessions' })
    .click();
  await expect(first.getByText('Signed out of every other session')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The second browser's next request finds its session gone and lands on sign-in. Following a link
  // makes one, unless a request of its own (a refetch, the live connection) got there first and the
  // link is already gone: on a busy machine a click that waited for it then waited for ever.
  await second
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Members' })
    .evaluateAll((links) => {
      for (const link of links) (link as HTMLElement).click();
    });
  await expect(second).toHaveURL(/\/auth(\?|$)/);
  // The first one is still signed in.
  await first.reload();
  await expect(first).toHaveURL(/\/dashboard\/account$/);
});

test('update my name, sign out everywhere, and delete my account', async ({ page }) => {
  const email = uniqueEmail('account');
  await signUp(page, { name: 'Dora Delete', email });
  await page.goto('/dashboard/account');

  await page.getByLabel('Name', { exact: true }).fill('Dora Deleted');
  await page.getByLabel('Picture URL').fill('not a url');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter an address starting with https://.')).toBeVisible();
  await page.getByLabel('Picture URL').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Dora Deleted');

  // Sign out everywhere ends this session too.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL(/\/auth(\?|$)/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Deleting asks for the password, and a wrong one is refused in words.
  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth(\?|$)/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
});

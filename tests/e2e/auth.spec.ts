import { expect, test } from '@playwright/test';
import { PASSWORD, signOut, signUp, signUpOnTheForm, uniqueEmail } from './support';

test('sign up, sign out, and sign back in on the page you asked for', async ({ page }) => {
  const email = uniqueEmail('journey');
  await signUpOnTheForm(page, { name: 'Ada Lovelace', email });
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  await signOut(page);

  await page.goto('/dashboard/projects');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/projects');

  // A wrong password is answered next to the form, in words.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page).toHaveURL(/\/auth\?redirect=/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});

test('a signed-in visit to /auth goes to the dashboard', async ({ page }) => {
  await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('signed-in') });
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sidebar reaches every dashboard page', async ({ page }) => {
  await signUp(page, { name: 'Linus', email: uniqueEmail('nav') });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const pages: Array<[string, RegExp]> = [
    ['Active sessions', /\/dashboard\/active-sessions$/],
    ['Projects', /\/dashboard\/projects$/],
    ['All settings', /\/dashboard\/settings$/],
    ['Organization', /\/dashboard\/settings\/organization$/],
    ['AI agents', /\/dashboard\/settings\/organization\/ai-agents$/],
    ['API keys', /\/dashboard\/settings\/developer\/api-keys$/],
    ['Connected devices', /\/dashboard\/settings\/developer\/connected-devices$/],
    ['Home', /\/dashboard$/],
  ];
  for (const [name, url] of pages) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  // This server runs without a payment provider, so billing is not offered (its own journey has one).
  await expect(nav.getByRole('link', { name: 'Subscription', exact: true })).toHaveCount(0);
});

test('CLI verification needs a session and shows the code', async ({ page }) => {
  await page.goto('/auth/cli-verify?code=WXYZ-2345');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/auth/cli-verify?code=WXYZ-2345');

  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Name').fill('Margaret Hamilton');
  await page.getByLabel('Email').fill(uniqueEmail('cli'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/cli-verify\?code=WXYZ-2345$/);
  await expect(page.getByRole('heading', { name: 'Confirm your command-line sign-in' })).toBeVisible();
  await expect(page.getByText('WXYZ-2345')).toBeVisible();
});

test('an open redirect is refused after sign-in', async ({ page }) => {
  const email = uniqueEmail('redirect');
  await signUp(page, { name: 'Eve', email });
  await page.goto('/dashboard');
  await signOut(page);
  await page.goto(`/auth?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('the sign-in provider return page moves on to the dashboard, or to /auth without a session', async ({
  page,
}) => {
  await page.goto('/oauth/callback');
  await expect(page).toHaveURL(/\/auth$/);

  await signUp(page, { name: 'Alan Turing', email: uniqueEmail('oauth') });
  await page.goto('/oauth/callback?redirect=%2Fdashboard%2Fsettings');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await page.goto('/oauth/callback');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.
import { expect, test } from '@playwright/test';

test('the page starts dark and a theme change survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});

test('with nothing stored, a system preference for light wins', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
});

test('the stored theme is applied before the app runs (no dark flash)', async ({ page }) => {
  await page.goto('/auth');
  // Let the first load finish (its lazy chunks too), or blocking scripts would abort them and the
  // chunk-reload guard would reload the page under the next navigation.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  // Block the app bundle: only index.html and the external theme script can act.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
});

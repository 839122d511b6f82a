import { expect, test } from '@playwright/test';

test("an unknown address answers 404 and shows 'Not Found'", async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
});

test('the page carries the default metadata', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sign in · Switchboard');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/banner\.jpg$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  const banner = await page.request.get('/banner.jpg');
  expect(banner.headers()['content-type']).toBe('image/jpeg');
});

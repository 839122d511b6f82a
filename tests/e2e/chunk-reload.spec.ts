/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.
import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

const PROJECTS_CHUNK = /\/assets\/dashboard\.projects\.index-[^/]+\.js$/;
const STORAGE_KEY = 'switchboard:chunk-reload-errors';

test('a page chunk that fails to load gets one automatic reload', async ({ page }) => {
  await signUp(page, { name: 'Chunk Tester', email: uniqueEmail('chunk') });
  let aborted = 0;
  await page.route(PROJECTS_CHUNK, (route) => {
    if (aborted === 0) {
      aborted += 1;
      return route.abort();
    }
    return route.continue();
  });

  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  expect(aborted).toBe(1);
  const seen = await page.evaluate((key) => window.sessionStorage.getItem(key), STORAGE_KEY);
  expect(JSON.parse(seen ?? '[]')).toHaveLength(1);
});

test('a chunk that stays broken reloads once, then shows the error view', async ({ page }) => {
  await signUp(page, { name: 'Chunk Tester', email: uniqueEmail('chunk-broken') });
  await page.route(PROJECTS_CHUNK, (route) => route.abort());
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  // Stays put: no reload loop.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  const seen = await page.evaluate((key) => window.sessionStorage.getItem(key), STORAGE_KEY);
  expect(loads).toBe(2); // the visit and exactly one automatic reload
  expect(JSON.parse(seen ?? '[]')).toHaveLength(1);
});

/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.

import type { Page } from '@playwright/test';

/**
 * Opens a path of the dashboard the way the app's own links do, without loading the page again: the
 * router follows history.pushState, loads what the route needs and renders it. A page not yet on the
 * dashboard is loaded. A full load parses the app and every script the context adds (axe's 1.5 MB)
 * again, which cost a walk across many screens more than the checks themselves.
 *
 * Nothing tells when the new screen has rendered but the screen itself: wait for something only it
 * shows, and make sure first that the screen before it did not show that too.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/dashboard')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((next) => {
    // The entry the router's own navigation writes: a key and its place in the session's history.
    const key = Math.random().toString(36).slice(2, 10);
    const index = Number(window.history.state?.__TSR_index ?? 0) + 1;
    window.history.pushState({ key, __TSR_key: key, __TSR_index: index }, '', next);
  }, path);
}

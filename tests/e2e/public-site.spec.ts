/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.
import { expect, type Page, type Request, test } from '@playwright/test';

// The public site (home, blog, docs, privacy, terms): prerendered pages served as they are, with one
// small script (src/public/enhance.ts) instead of the app. Links between them are ordinary page loads;
// /auth and /dashboard load the app.

/** The only scripts a public page may load: the pre-paint theme script and the enhancement script. */
const PUBLIC_SCRIPTS = /^\/(theme-init\.js|assets\/public-[\w-]+\.js)$/;

/** Collects the script URLs a page downloads. */
function watchScripts(page: Page) {
  const scripts = new Set<string>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

test('the home page says what Switchboard is and leads to sign-in and the docs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'AI-native project management for CLI agents',
  );
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Features', exact: true })).toBeVisible();
  await expect(page.getByText('pnpm start').first()).toBeVisible();
  await expect(page).toHaveTitle('Switchboard — AI-native project management for CLI agents');

  await page.getByRole('link', { name: 'Getting started' }).first().click();
  await expect(page).toHaveURL(/\/docs\/getting-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();

  // The way into the app loads the app itself.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('script[type="module"][src^="/assets/index-"]')).toHaveCount(1);
});

test('docs: the sidebar, next links and the table of contents navigate between pages', async ({ page }) => {
  await page.goto('/docs/');
  await expect(page.getByRole('heading', { level: 1, name: 'Switchboard documentation' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Documentation' }).first();
  await sidebar.getByRole('link', { name: 'Work units' }).click();
  await expect(page).toHaveURL(/\/docs\/features\/work-units$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Work units' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Work units' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Work units · Docs · Switchboard');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/docs\/features\/work-units$/,
  );

  await page
    .getByRole('navigation', { name: 'Previous and next pages' })
    .getByRole('link', { name: /Next/ })
    .click();
  await expect(page).toHaveURL(/\/docs\/mcps\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MCP servers overview' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Authentication' })
    .click();
  await expect(page).toHaveURL(/\/docs\/mcps\/overview#authentication$/);
  await expect(page.getByRole('heading', { name: 'Authentication' })).toBeInViewport();

  // A link inside an article leads to the page.
  await page.locator('article').getByRole('link', { name: 'Claude Code' }).first().click();
  await expect(page).toHaveURL(/\/docs\/tooling\/claude-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claude Code' })).toBeVisible();

  // Not prerendered: the app shell answers and its router says so.
  await page.goto('/docs/no/such/page');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
});

test('docs: the table of contents marks the section being read', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/docs/mcps/overview');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  for (const [id, name] of [
    ['sessions', 'Sessions'],
    ['authentication', 'Authentication'],
  ]) {
    await page.locator(`h2#${id}`).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await expect(toc.locator('a[data-active]')).toHaveText([name ?? '']);
  }
});

test('docs: a code block copies its text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/getting-started');
  const block = page.locator('.code-block').first();
  await block.getByRole('button', { name: 'Copy code' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(block.getByText('Copied to clipboard')).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('pnpm install && pnpm start');
  // It goes back to offering the copy after two seconds.
  await expect(block.getByRole('button', { name: 'Copy code' })).toBeVisible();
});

test('blog: the list is newest first and leads to the post', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const dates = await page
    .locator('article[data-post] time')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThanOrEqual(4);
  expect(dates).toEqual([...dates].sort().reverse());

  const first = page.locator('article[data-post]').first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('By Switchboard team')).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Switchboard`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
    'content',
    /^\d{4}-\d{2}-\d{2}T/,
  );
  await expect(page.locator('head title')).toHaveCount(1);

  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/blog\/?$/);
});

test("blog: an unknown slug shows 'Not Found'", async ({ page }) => {
  await page.goto('/blog/this-post-does-not-exist/');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('the theme toggle works on public pages and is remembered, by the app too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/docs/getting-started');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  const sun = page.locator('[data-theme-toggle] svg').first();
  await expect(sun).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(sun).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');

  // Another public page starts light, and its switch offers the way back.
  await page.goto('/blog/');
  await expect(html).toHaveClass(/\blight\b/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  // Back to the first page (possibly from the back/forward cache): it follows the latest choice.
  await page.goBack();
  await expect(page).toHaveURL(/\/docs\/getting-started$/);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  // The app reads the same choice.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.goto('/auth');
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test('public pages load no app code: only the theme and enhancement scripts', async ({ page }) => {
  const scripts = watchScripts(page);
  for (const path of ['/', '/blog/', '/docs/', '/privacy/', '/terms/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('script[type="module"]')).toHaveCount(1);
    await expect(page.locator('script[type="module"]')).toHaveAttribute('src', /^\/assets\/public-/);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  }
  // Following links between public pages too.
  await page.getByRole('link', { name: 'Docs', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Documentation' })
    .first()
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
  await page.locator('article[data-post] h2 a').first().click();
  await expect(page.getByText('By Switchboard team')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect([...scripts].filter((path) => !PUBLIC_SCRIPTS.test(path))).toEqual([]);
  expect([...scripts].some((path) => path.startsWith('/assets/public-'))).toBe(true);
});

test('public pages work and stay as delivered: no re-render, no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  // Records every node added to or removed from the page's content once the HTML is parsed: a page
  // that nothing re-renders keeps exactly the markup the server sent.
  await page.addInitScript(() => {
    const changes: string[] = [];
    Object.assign(window, { __changes: changes });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records)
          if (record.addedNodes.length > 0 || record.removedNodes.length > 0)
            changes.push(`${record.type} in <${(record.target as Element).tagName?.toLowerCase()}>`);
      }).observe(root, { subtree: true, childList: true });
    });
  });
  for (const path of [
    '/',
    '/blog/',
    '/blog/device-login-for-clis/',
    '/docs/',
    '/docs/features/security',
    '/terms/',
  ]) {
    const served = await (await page.request.get(path)).text();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The head is the one the server sent: its title and prerendered metadata stay.
    expect(await page.title(), path).toBe(
      served.match(/<title[^>]*>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&'),
    );
    await expect(page.locator('head [data-prerendered]').first()).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as { __changes: string[] }).__changes), path).toEqual(
      [],
    );
  }
  expect(problems).toEqual([]);
});

test('the app still renders a public page it reaches itself, with the same switches', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  await expect(page.locator('script[type="module"][src^="/assets/index-"]')).toHaveCount(1);
  // The logo is a link inside the app: the router renders the home page without loading it.
  const documentLoads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(request.url());
  });
  await page.locator('header a[href="/"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'AI-native project management for CLI agents',
  );
  expect(documentLoads).toEqual([]);

  const html = page.locator('html');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');

  // Links the app renders stay in the app too.
  await page.getByRole('link', { name: 'Getting started' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  const block = page.locator('.code-block').first();
  await block.getByRole('button', { name: 'Copy code' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('pnpm install && pnpm start');
  expect(documentLoads).toEqual([]);
});

test('public pages work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/blog/claims-and-leases-for-agents/');
  await expect(page.getByRole('heading', { level: 1, name: /Claims and leases/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A claim is a lease' })).toBeVisible();
  await page.getByRole('link', { name: 'Docs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Switchboard documentation' })).toBeVisible();
  await context.close();
});

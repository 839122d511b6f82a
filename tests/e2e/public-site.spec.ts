import { expect, type Page, type Request, test } from '@playwright/test';

// The public site (home, blog, docs, privacy, terms): prerendered pages that the app takes over.

/** Collects the script URLs a page downloads, and the ones that carry dashboard code. */
function watchScripts(page: Page) {
  const scripts = new Set<string>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return {
    scripts,
    async dashboardChunks() {
      const found: string[] = [];
      for (const path of scripts) {
        // Dashboard route chunks are named after their route files; shared dashboard components are
        // recognised by words only the dashboard frame renders (its account menu and mobile navigation).
        const body = await (await page.request.get(path)).text();
        if (
          /\/assets\/dashboard/.test(path) ||
          body.includes('Account menu') ||
          body.includes('Open navigation')
        ) {
          found.push(path);
        }
      }
      return found;
    },
  };
}

/** Waits until the app has taken over the prerendered page (its head tags are gone, React's are in). */
async function waitForApp(page: Page) {
  await expect(page.locator('head [data-prerendered]')).toHaveCount(0);
}

test('the home page says what Switchboard is and leads to sign-in and the docs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'AI-native project management for CLI agents',
  );
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Features', exact: true })).toBeVisible();
  await expect(page.getByText('pnpm start').first()).toBeVisible();
  await waitForApp(page);
  await expect(page).toHaveTitle('Switchboard — AI-native project management for CLI agents');

  await page.getByRole('link', { name: 'Getting started' }).first().click();
  await expect(page).toHaveURL(/\/docs\/getting-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('docs: the sidebar, next links and the table of contents navigate between pages', async ({ page }) => {
  await page.goto('/docs/');
  await expect(page.getByRole('heading', { level: 1, name: 'Switchboard documentation' })).toBeVisible();
  await waitForApp(page);

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

  // A link inside an article stays inside the app.
  await page.locator('article').getByRole('link', { name: 'Claude Code' }).first().click();
  await expect(page).toHaveURL(/\/docs\/tooling\/claude-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claude Code' })).toBeVisible();

  await page.goto('/docs/no/such/page');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
});

test('docs: a code block copies its text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/getting-started');
  await waitForApp(page);
  const block = page.locator('.code-block').first();
  await block.getByRole('button', { name: 'Copy code' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('pnpm install && pnpm start');
});

test('blog: the list is newest first and leads to the post', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await waitForApp(page);
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
  // One title only: the prerendered one is gone once the app owns the head.
  await expect(page.locator('head title')).toHaveCount(1);

  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/blog\/?$/);
});

test("blog: an unknown slug shows 'Not Found'", async ({ page }) => {
  await page.goto('/blog/this-post-does-not-exist/');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('the theme toggle works on public pages and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/docs/getting-started');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.goto('/blog/');
  await expect(html).toHaveClass(/\blight\b/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
});

test('public pages download no dashboard code', async ({ page }) => {
  const watch = watchScripts(page);
  for (const path of ['/', '/blog/', '/docs/', '/privacy/', '/terms/']) {
    await page.goto(path);
    await waitForApp(page);
  }
  // Client-side navigation between public pages too.
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

  expect(watch.scripts.size).toBeGreaterThan(0);
  expect(await watch.dashboardChunks()).toEqual([]);
});

test('the app takes over a prerendered page without a blank frame or console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  // Records every moment, after the HTML is parsed, when the page had no main heading.
  await page.addInitScript(() => {
    const blanks: number[] = [];
    Object.assign(window, { __blanks: blanks });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (!document.querySelector('#root h1')) blanks.push(performance.now());
      }).observe(document.body, { subtree: true, childList: true });
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
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __blanks: number[] }).__blanks), path).toEqual(
      [],
    );
  }
  expect(problems).toEqual([]);
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

/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.

import type { BrowserContext, Page } from '@playwright/test';
import axe from 'axe-core';

/** The standard every screen is held to: WCAG 2.1 A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Findings a person would be blocked or badly slowed by; minor and moderate ones are not gated. */
const GATED_IMPACTS = new Set(['serious', 'critical']);

/**
 * The WCAG 2.1 AA rules whose outcome a theme can change: the rest read structure, names and roles,
 * which are the same in both, so a second theme is checked with these alone.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Has the browser put axe into every document the context loads from now on. The engine is 1.5 MB of
 * script: sent once, instead of over the wire again for every page a walk loads, it costs the test's
 * process and the browser's far less.
 */
export async function axeInEveryPage(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axe.source });
}

/**
 * Puts axe into the page's document unless it is there already (axeInEveryPage puts it there). Once
 * per page load, not once per check: injecting it again for every check (twice, as
 * `@axe-core/playwright` does, which also opens a page of its own to merge results) cost more than most
 * checks themselves.
 */
async function withAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
}

/**
 * axe's serious and critical WCAG 2.1 AA findings on the page as it is now, one line each; `rules`
 * narrows the check to those rules.
 */
export async function seriousViolations(page: Page, screen: string, rules?: string[]): Promise<string[]> {
  await withAxe(page);
  const runOnly: axe.RunOptions['runOnly'] = rules
    ? { type: 'rule', values: rules }
    : { type: 'tag', values: WCAG_21_AA };
  const violations = await page.evaluate(
    async (options) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      // Only violations are read: axe then keeps one example of what passed instead of every node.
      const results = await engine.run(document, { ...options, resultTypes: ['violations'] });
      return results.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
      }));
    },
    { runOnly },
  );
  return violations
    .filter((violation) => GATED_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${screen}: ${violation.id} (${violation.impact}) ${node.target}: ${node.summary.replaceAll('\n', ' ')}`,
      ),
    );
}

/** The style that stops every transition and animation on the page, while the walk reads colours. */
const MOTIONLESS_STYLE_ID = 'accessibility-walk-motionless';

/**
 * Stops every transition and animation on the page and waits for the next two frames, so the colours
 * axe reads are the ones the page settles on. Reduced motion alone leaves a 0.01 ms transition: a
 * colour read before the next frame (later still on a busy machine) is still the old theme's.
 */
export async function holdStill(page: Page): Promise<void> {
  await page.evaluate(async (styleId) => {
    if (!document.getElementById(styleId)) {
      const style = document.createElement('style');
      style.id = styleId;
      style.textContent =
        '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    }
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
  }, MOTIONLESS_STYLE_ID);
}

/**
 * Shows the page in the other theme without reloading it, the way the app's own switch does: the
 * theme is only the class on <html>. Nothing is stored, so the next page load starts light again.
 * Returns once the new colours are in place.
 */
export async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((next) => {
    document.documentElement.classList.remove(next === 'dark' ? 'light' : 'dark');
    document.documentElement.classList.add(next);
  }, theme);
  await holdStill(page);
}

/**
 * Chromium reports every 4xx answer as a console error of its own. A page that asks for something
 * missing and says so (a not-found page) answered as it should; the app's own errors still count.
 */
const ANSWERED_4XX = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** Every console error and uncaught exception the page reports from now on, with where it happened. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || ANSWERED_4XX.test(message.text())) return;
    const { url } = message.location();
    errors.push(`${new URL(page.url()).pathname}: console error: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`${new URL(page.url()).pathname}: uncaught ${error.name}: ${error.message}`);
  });
  return errors;
}

/**
 * Where the ARIA combobox pattern is broken on the page: the role belongs on a one-line <input> that
 * says whether its list is open (aria-expanded) and, when it is, which listbox it drives (aria-controls).
 */
export async function comboboxProblems(page: Page, screen: string): Promise<string[]> {
  const problems = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="combobox"]')).flatMap((box) => {
      const name = box.getAttribute('aria-label') ?? box.id ?? box.tagName;
      const found: string[] = [];
      if (box.tagName !== 'INPUT') found.push(`${name}: role combobox on a <${box.tagName.toLowerCase()}>`);
      const expanded = box.getAttribute('aria-expanded');
      if (expanded !== 'true' && expanded !== 'false') found.push(`${name}: no aria-expanded`);
      if (expanded === 'true') {
        const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
        if (list?.getAttribute('role') !== 'listbox')
          found.push(`${name}: open, but aria-controls names no listbox`);
      }
      return found;
    }),
  );
  return problems.map((problem) => `${screen}: combobox pattern: ${problem}`);
}

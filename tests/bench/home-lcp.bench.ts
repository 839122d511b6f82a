// Largest Contentful Paint of the prerendered home page in headless Chromium, against a baseline page
// of the same size with no JavaScript: the same prerendered markup and stylesheet with every script and
// module preload taken out (padded back to the same byte length), served by the same server from the
// same folder. The ratio is what the app's JavaScript costs the first paint of the page's main content;
// 1.00 means nothing.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startTestServer } from '@switchboard/server/testing';
import { launchChromium, prepareWebBuild } from './browser';
import { envNumber, median, report } from './lib';

const RUNS = Math.round(envNumber('BENCH_RUNS', 15));
const LCP_TIMEOUT_MS = 10_000;
const BASELINE_FILE = 'bench-baseline.html';

/** The home page without JavaScript, padded with a comment to the home page's byte length. */
function baselinePage(home: string): string {
  const stripped = home
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '');
  if (/<script\b/i.test(stripped)) throw new Error('the baseline page still has a script');
  const missing = Buffer.byteLength(home) - Buffer.byteLength(stripped);
  const padding = missing > 9 ? `<!--${'x'.repeat(missing - 7)}-->` : '';
  return stripped.replace('</body>', `${padding}</body>`);
}

/** LCP of one cold load (fresh browser context: empty cache, no cookies), in ms since navigation. */
async function lcpOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      (timeoutMs) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no largest-contentful-paint entry')), timeoutMs);
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            if (!last) return;
            clearTimeout(timer);
            resolve(last.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
      LCP_TIMEOUT_MS,
    );
    if (errors.length > 0) throw new Error(`${url} threw: ${errors.join('; ')}`);
    return lcp;
  } finally {
    await context.close();
  }
}

const build = await prepareWebBuild();
const home = readFileSync(join(build.dir, 'index.html'), 'utf8');
if (!/<script\b/i.test(home)) throw new Error('the built home page has no script; is it the app build?');
writeFileSync(join(build.dir, BASELINE_FILE), baselinePage(home));

const server = await startTestServer({ env: { WEB_DIR: build.dir } });
const browser = await launchChromium();
try {
  const homeUrl = `${server.url}/`;
  const baselineUrl = `${server.url}/${BASELINE_FILE}`;
  // Untimed: warms the server (file and gzip caches) and the browser for both pages.
  await lcpOf(browser, homeUrl);
  await lcpOf(browser, baselineUrl);

  const samples = { home: [] as number[], baseline: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    // ABBA order, so a drifting machine favours neither page.
    const order = run % 2 === 0 ? (['home', 'baseline'] as const) : (['baseline', 'home'] as const);
    for (const which of order)
      samples[which].push(await lcpOf(browser, which === 'home' ? homeUrl : baselineUrl));
  }

  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  report({
    name: `Largest Contentful Paint of the prerendered home page / (headless Chromium, cold cache, median of ${RUNS})`,
    unit: 'ms',
    better: 'lower',
    subject: { label: 'home page with its JavaScript', value: median(samples.home) },
    baseline: { label: 'same page, no JavaScript', value: median(samples.baseline) },
    note: `runs (ms): home ${list(samples.home)}; no-JS baseline ${list(samples.baseline)}`,
  });
} finally {
  await browser.close();
  await server.close();
  build.remove();
}

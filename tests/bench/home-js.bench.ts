// JavaScript a first-time visitor downloads for the prerendered home page: every script response's
// transferred (gzip-encoded) body while headless Chromium loads `/` from the real server with a cold
// cache, against the budget of 100 kB. The size does not depend on the machine, so the ratio is
// exact; it changes only when the code does.
import type { Browser, Response } from '@playwright/test';
import { startTestServer } from '@switchboard/server/testing';
import { launchChromium, prepareWebBuild } from './browser';
import { report, sleep } from './lib';

/** The home page ships at most 100 kB of gzipped JavaScript. */
const BUDGET_KB = 100;
/** After the network goes quiet, late chunks (lazy imports after boot) still get this long to appear. */
const SETTLE_MS = 1_500;
/** The server leaves text files smaller than this uncompressed (apps/server/src/http/static-site.ts). */
const MIN_COMPRESSED_BYTES = 1024;

interface Script {
  path: string;
  encoded: number;
  decoded: number;
  encoding: string;
}

function isScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || type.includes('javascript');
}

async function loadHome(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<Script>[] = [];
    page.on('response', (response) => {
      if (!isScript(response)) return;
      pending.push(
        (async () => {
          const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
          if (response.status() !== 200) throw new Error(`${response.url()} answered ${response.status()}`);
          return {
            path: new URL(response.url()).pathname,
            encoded: sizes.responseBodySize,
            decoded: body.byteLength,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'networkidle' });
    // The app has taken over the prerendered page once its router rendered; wait for that too.
    await page.locator('#root h1').first().waitFor();
    await sleep(SETTLE_MS);
    if (errors.length > 0) throw new Error(`the home page threw: ${errors.join('; ')}`);
    return await Promise.all(pending);
  } finally {
    await context.close();
  }
}

const build = await prepareWebBuild();
const server = await startTestServer({ env: { WEB_DIR: build.dir } });
const browser = await launchChromium();
try {
  // Two cold loads: the set of scripts must not depend on timing.
  const first = await loadHome(browser, `${server.url}/`);
  const second = await loadHome(browser, `${server.url}/`);
  const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.encoded, 0);
  if (first.length === 0) throw new Error('the home page loaded no script at all');
  if (total(first) !== total(second)) {
    throw new Error(
      `two cold loads of / transferred different JavaScript: ${total(first)} B and ${total(second)} B`,
    );
  }
  const uncompressed = first.filter(
    (script) => script.decoded >= MIN_COMPRESSED_BYTES && script.encoding !== 'gzip',
  );
  if (uncompressed.length > 0) {
    throw new Error(
      `the server sent scripts without gzip: ${uncompressed.map((script) => script.path).join(', ')}`,
    );
  }
  const kB = (bytes: number) => bytes / 1000;
  const scripts = [...first].sort((a, b) => b.encoded - a.encoded);
  const decoded = scripts.reduce((sum, script) => sum + script.decoded, 0);
  report({
    name: `JavaScript transferred for the prerendered home page / (gzip, cold cache, ${scripts.length} scripts)`,
    unit: 'kB',
    better: 'lower',
    subject: { label: 'home page scripts, gzip', value: kB(total(first)) },
    baseline: { label: 'first-visit budget', value: BUDGET_KB },
    note: `${kB(decoded).toFixed(1)} kB before compression; largest: ${scripts
      .slice(0, 6)
      .map((script) => `${script.path.replace(/^\/assets\//, '')} ${kB(script.encoded).toFixed(1)}`)
      .join(', ')}`,
  });
} finally {
  await browser.close();
  await server.close();
  build.remove();
}

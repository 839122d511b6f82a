// Helpers for the benchmarks that load the built web app in headless Chromium: a production build of the
// web app in a temporary folder (so a running server's apps/web/dist is never touched) and a browser.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { systemChromiumLaunchOptions } from '../e2e/system-chromium';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const webPackage = join(repoRoot, 'apps', 'web');

export interface WebBuild {
  /** Folder to serve with WEB_DIR; the benchmark may add files to it. */
  dir: string;
  remove(): void;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(command, args, {
      cwd,
      // With NODE_ENV=test (or development) Vite would bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}:\n${output}`)),
    );
  });
}

/**
 * A production build of the web app with the public pages prerendered, exactly as
 * `pnpm --filter @switchboard/web build` makes it, but in a fresh temporary folder. BENCH_WEB_DIR names
 * an existing build to measure instead (it is copied first, so the benchmark never changes it).
 */
export async function prepareWebBuild(): Promise<WebBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-web-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const existing = process.env.BENCH_WEB_DIR;
    if (existing) {
      const source = resolve(repoRoot, existing);
      if (!existsSync(join(source, 'index.html')))
        throw new Error(`BENCH_WEB_DIR ${source} has no index.html`);
      cpSync(source, dir, { recursive: true });
    } else {
      console.log('Building the web app into a temporary folder…');
      await run(
        'pnpm',
        ['exec', 'vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
        webPackage,
      );
      await run(process.execPath, ['scripts/prerender.mjs', '--out-dir', dir], webPackage);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** Headless Chromium: the system one when there is one, launched as the journeys launch it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(systemChromiumLaunchOptions());
}

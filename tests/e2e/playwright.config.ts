import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { e2eServerEnv, SERVER_BUNDLE, sharedServerLogFile } from './logged-server';
import { systemChromiumLaunchOptions } from './system-chromium';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// One fresh database per run. Workers load this file too; the environment variable makes them reuse
// the folder the main process made instead of creating their own.
process.env.SWITCHBOARD_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
const dataDir = process.env.SWITCHBOARD_E2E_DATA_DIR;

const launchOptions = systemChromiumLaunchOptions();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Journeys never share state (each signs up its own people, in their own organization), so two
  // browsers run files side by side; one file's tests keep their order. E2E_WORKERS=1 runs one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Limits for a hung journey, not a slow one: a machine busy with the other test lane must not trip them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: join(repoRoot, 'test-results', 'e2e'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Transitions and animations end at once (the app's stylesheet honours the setting), so the
    // browser renders fewer frames; no journey is about an animation.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    // The real thing: the production builds of the web app and the server on an embedded database.
    // Each is built only when its sources changed since the last build (`pnpm test` has just built
    // both), the web app always with NODE_ENV=production: with NODE_ENV=test Vite would bundle
    // React's dev build. The server bundle boots in a fraction of the time tsx takes on the sources.
    // Its output is copied to a file as well, for the journeys that follow a link it logs
    // (sharedServerLog()); tee ignores the SIGTERM that ends the server, so it keeps the last lines.
    // Journeys that need a server set up otherwise (billing on) start their own.
    command: `node scripts/web-build.mjs && node scripts/server-build.mjs && node ${SERVER_BUNDLE} 2>&1 | (trap '' TERM; exec tee -a '${sharedServerLogFile(dataDir)}')`,
    cwd: repoRoot,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: e2eServerEnv(port, dataDir),
  },
});

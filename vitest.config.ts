import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webRoot = './apps/web';
const webTests = 'src/**/*.test.{ts,tsx}';

/**
 * The web test files that replace a module (`vi.mock`). A module replaced in one file would stay
 * replaced, or stay real, for the next file sharing its module graph, so these keep a fresh process
 * each; every other web file shares one page and one module graph per worker.
 */
function webTestsMockingModules(): string[] {
  const webDir = fileURLToPath(new URL(webRoot, import.meta.url));
  return readdirSync(join(webDir, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split('\\').join('/')}`)
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(webDir, file), 'utf8')));
}
const webMocking = webTestsMockingModules();

// Projects so a developer can run one depth at a time (`pnpm test:unit`, `pnpm test:api`); the web
// tests are `--project 'web*'`.
/**
 * Time limits catch a test that hangs, not one that is slow: the suite shares two cores between its
 * lanes, and on a machine busy with other work vitest's 5 s default tripped tests that were fine. API
 * tests make hundreds of real requests, so theirs is larger.
 */
const HANG_LIMIT_MS = 30_000;
const API_HANG_LIMIT_MS = 120_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          testTimeout: HANG_LIMIT_MS,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/cli/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          testTimeout: HANG_LIMIT_MS,
          root: webRoot,
          include: [webTests],
          exclude: ['**/node_modules/**', ...webMocking],
          environment: 'jsdom',
          // One jsdom page and one module graph per worker instead of a fresh process per file: setting
          // up jsdom and loading React took most of this project's time (about 1.2 s a file). Each file
          // still starts from an empty page, storage and real timers (testing/fresh-page-per-file.ts).
          // The page is set up once per worker; vitest's summary still adds that one set-up's time to
          // its "environment" total once for every file, so that total is not time spent per file.
          isolate: false,
          setupFiles: ['./src/testing/fresh-page-per-file.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-mocked',
          testTimeout: HANG_LIMIT_MS,
          root: webRoot,
          include: webMocking,
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['./apps/server/src/testing/shared-server-folder.ts'],
          testTimeout: API_HANG_LIMIT_MS,
          hookTimeout: 180_000,
          // A worker runs its files one after another in one module graph instead of a fresh process
          // per file: the server's thousand modules are loaded once, not once per file (about two
          // seconds a file). Safe because no API test mocks a module or changes a global. A file on
          // the organization or MCP workspace fixture works in organizations of its own on the
          // worker's shared server (testing/harness.ts); any other file starts its own server on its
          // own database and closes it (timers and all) afterwards.
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Three projects so a developer can run one depth at a time (`pnpm test:unit`, `pnpm test:api`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/cli/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker runs its files one after another in one module graph instead of a fresh process
          // per file: the server's thousand modules are loaded once, not once per file (about two
          // seconds a file). Safe because no API test mocks a module or changes a global, and every
          // file starts its own server on its own database and closes it (timers and all) afterwards.
          isolate: false,
        },
      },
    ],
  },
});

// Builds the web app when its output is missing or older than its sources, so `pnpm start` on a
// fresh clone just works and a second start skips the build.
import { buildIfStale, buildIfStaleAsProgram } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;

/** @type {import('./build-if-stale.mjs').Build} */
const webBuild = {
  name: 'the web app',
  root,
  outputs: ['apps/web/dist/index.html'],
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite',
    'apps/web/scripts',
    'content',
    'packages',
  ],
  command: ['pnpm', '--filter', '@switchboard/web', 'build'],
  // NODE_ENV=production whatever the caller runs under: with NODE_ENV=test (the journeys' web server)
  // Vite would bundle React's development build.
  env: { ...process.env, NODE_ENV: 'production' },
};

/**
 * Builds the web app when stale; resolves to whether it built, rejects when the build fails.
 * @param {{ force?: boolean, quiet?: boolean }} [options]
 */
export function buildWebIfStale(options) {
  return buildIfStale(webBuild, options);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfStaleAsProgram(webBuild);

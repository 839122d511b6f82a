// Builds the server bundle and its embedded-database seed when they are missing or older than their
// sources, so `pnpm start` runs the bundle and a second start skips the build. The tests that run the
// server as a process of its own start the same bundle (apps/server/src/testing/server-bundle.ts).
import { join } from 'node:path';
import { buildIfStale, buildIfStaleAsProgram } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The bundle `node <it>` starts the server from. */
export const SERVER_BUNDLE = join(root, 'apps/server/dist/main.mjs');

/** @type {import('./build-if-stale.mjs').Build} */
const serverBuild = {
  name: 'the server',
  root,
  outputs: ['apps/server/dist/main.mjs', 'apps/server/dist/pglite-seed.fingerprint'],
  sources: [
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/build.mjs',
    'apps/server/scripts',
    'packages',
    'pnpm-lock.yaml',
  ],
  command: [process.execPath, 'apps/server/build.mjs'],
};

/**
 * Builds the server when stale; resolves to whether it built, rejects when the build fails.
 * @param {{ force?: boolean, quiet?: boolean }} [options]
 */
export function buildServerIfStale(options) {
  return buildIfStale(serverBuild, options);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfStaleAsProgram(serverBuild);

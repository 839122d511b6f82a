// Builds the server bundle and its embedded-database seed when they are missing or older than their
// sources, so `pnpm start` runs the bundle and a second start skips the build.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestChange } from './newest-change.mjs';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['apps/server/dist/main.mjs', 'apps/server/dist/pglite-seed.fingerprint'];
const sources = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/scripts',
  'packages',
  'pnpm-lock.yaml',
];

export function serverBuildIsStale() {
  const builtAt = Math.min(
    ...outputs.map((output) => (existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0)),
  );
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
}

export function buildServerIfStale({ force = false } = {}) {
  if (!force && !serverBuildIsStale()) return;
  console.log('Building the server…');
  const result = spawnSync('pnpm', ['--filter', '@switchboard/server', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The server build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildServerIfStale({ force: process.argv.includes('--force') });

// Builds the web app when its output is missing or older than its sources, so `pnpm start` on a
// fresh clone just works and a second start skips the build.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestChange } from './newest-change.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/scripts',
  'content',
  'packages',
];

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
}

export function buildWebIfStale({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('Building the web app…');
  // NODE_ENV=production whatever the caller runs under: with NODE_ENV=test (the journeys' web server)
  // Vite would bundle React's development build.
  const result = spawnSync('pnpm', ['--filter', '@switchboard/web', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildWebIfStale({ force: process.argv.includes('--force') });

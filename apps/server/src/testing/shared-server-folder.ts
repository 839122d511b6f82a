// The api project's global set-up: the folder the shared test servers of every worker keep their
// data in, and the server bundles the run makes (server-bundle.ts), removed when the run ends. A
// worker's process is ended without running its exit handlers, so neither a shared server nor a
// worker can remove what it made.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Where the workers read the folder from. */
export const SHARED_SERVER_FOLDER_VARIABLE = 'SWITCHBOARD_TEST_SHARED_SERVERS';

/**
 * The folder server bundles go in: dist/ beside the build's own, because a bundle finds the migrations,
 * the database seed and the web build by paths relative to its folder (locations.ts).
 */
export const SERVER_BUNDLE_FOLDER = new URL('../../dist', import.meta.url).pathname;

/** How the names of a run's server bundles start: the run's folder names it, so runs never meet. */
export function serverBundlePrefix(runFolder: string): string {
  return `test-server-${basename(runFolder)}-`;
}

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-shared-servers-'));
  process.env[SHARED_SERVER_FOLDER_VARIABLE] = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
    if (!existsSync(SERVER_BUNDLE_FOLDER)) return;
    const prefix = serverBundlePrefix(folder);
    for (const name of readdirSync(SERVER_BUNDLE_FOLDER).filter((file) => file.startsWith(prefix)))
      rmSync(join(SERVER_BUNDLE_FOLDER, name), { force: true });
  };
}

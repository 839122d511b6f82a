// The api project's global set-up: the folder the shared test servers of every worker keep their
// data in, removed when the run ends. A worker's process is ended without running its exit handlers,
// so neither a shared server nor a worker can remove what it made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the workers read the folder from. */
export const SHARED_SERVER_FOLDER_VARIABLE = 'SWITCHBOARD_TEST_SHARED_SERVERS';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-shared-servers-'));
  process.env[SHARED_SERVER_FOLDER_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

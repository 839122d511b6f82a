// The server as tests run it in a process of its own: bundled from the current sources the way the build
// bundles it for `pnpm start`, rather than loaded through tsx, which resolved and transpiled a thousand
// module files on every start and cost about three times the CPU of a start from one bundle.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  SERVER_BUNDLE_FOLDER,
  SHARED_SERVER_FOLDER_VARIABLE,
  serverBundlePrefix,
} from './shared-server-folder';

const serverDir = new URL('../..', import.meta.url).pathname;

let bundledInThisProcess: Promise<string> | undefined;

/**
 * This test process's server bundle (`node <it>` starts the server), made on first use and shared by
 * the process's files: a worker runs them one after another. Named after the run and the process, so
 * parallel workers and runs never write one file; the run's global teardown removes it.
 */
export function serverBundle(): Promise<string> {
  bundledInThisProcess ??= (async () => {
    const run = process.env[SHARED_SERVER_FOLDER_VARIABLE];
    if (!run)
      throw new Error(`${SHARED_SERVER_FOLDER_VARIABLE} is unset: run the api project's global set-up.`);
    const outfile = join(SERVER_BUNDLE_FOLDER, `${serverBundlePrefix(run)}${process.pid}.mjs`);
    await promisify(execFile)(process.execPath, ['build.mjs', '--outfile', outfile, '--no-seed'], {
      cwd: serverDir,
      timeout: 120_000,
    });
    return outfile;
  })();
  // A failed build is not kept: the next file tries again and reports its own error.
  bundledInThisProcess.catch(() => {
    bundledInThisProcess = undefined;
  });
  return bundledInThisProcess;
}

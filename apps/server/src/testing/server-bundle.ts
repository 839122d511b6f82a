// The server as tests run it in a process of its own: the bundle `pnpm start` runs (dist/main.mjs),
// rather than the sources through tsx, which resolved and transpiled a thousand module files on every
// start and cost about three times the CPU of a start from one bundle. `pnpm test` builds it before
// the tests run; a test run on its own (`pnpm vitest run <file>`) builds it here when it is stale,
// through the same freshness check and lock, so parallel workers build it once between them.
import { buildServerIfStale, SERVER_BUNDLE } from '../../../../scripts/server-build.mjs';

let builtInThisProcess: Promise<string> | undefined;

/**
 * The server bundle (`node <it>` starts the server), built first when missing or older than the
 * sources. Checked once per test process: a worker runs its files one after another.
 */
export function serverBundle(): Promise<string> {
  builtInThisProcess ??= buildServerIfStale({ quiet: true }).then(() => SERVER_BUNDLE);
  // A failed build is not kept: the next file tries again and reports its own error.
  builtInThisProcess.catch(() => {
    builtInThisProcess = undefined;
  });
  return builtInThisProcess;
}

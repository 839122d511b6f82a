// Time for `pnpm start` (node scripts/start.mjs) to answer GET /api/v1/health with 200 on a fresh data
// folder, against the time Node needs to start and exit doing nothing (`node -e 0`).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envNumber, freePort, median, report, sleep } from './lib';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Relative to the repository root; overridable to compare another entry point. */
const START_SCRIPT = process.env.BENCH_START_SCRIPT ?? 'scripts/start.mjs';
const RUNS = Math.round(envNumber('BENCH_RUNS', 5));
const READY_TIMEOUT_MS = 120_000;
const EXIT_TIMEOUT_MS = 15_000;
const POLL_MS = 10;
/**
 * start.mjs rebuilds the web app or the server when any source is newer than the last build, which
 * happens between runs while someone edits the checkout. Such runs measure the builds, not start-up:
 * they are set aside when enough clean runs remain. Matched on the lines start.mjs prints
 * (scripts/web-build.mjs, scripts/server-build.mjs).
 */
const WEB_BUILD_LINE = 'Building the ';

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Signals the child's whole process group (it is started detached), so helpers it spawned stop too. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

interface StartRun {
  readyMs: number;
  stopMs: number;
  builtWeb: boolean;
}

async function timeStart(): Promise<StartRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-start-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // Measure the embedded-database default that `pnpm start` gives a newcomer.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const url = `http://127.0.0.1:${port}/api/v1/health`;
  let output = '';
  let builtWeb = false;
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(repoRoot, START_SCRIPT)], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4_000);
    if (output.includes(WEB_BUILD_LINE)) builtWeb = true;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${START_SCRIPT} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`,
        );
      }
      if (performance.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`${START_SCRIPT} was not healthy within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      if (await healthy(url)) readyMs = performance.now() - started;
      else await sleep(POLL_MS);
    }
    const stopping = performance.now();
    signalGroup(child, 'SIGTERM');
    if (!(await waitForExit(child, EXIT_TIMEOUT_MS))) {
      throw new Error(`${START_SCRIPT} did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGTERM`);
    }
    return { readyMs, stopMs: performance.now() - stopping, builtWeb };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child, 'SIGKILL');
      await waitForExit(child, EXIT_TIMEOUT_MS);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeBareNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  if (!(await waitForExit(child, EXIT_TIMEOUT_MS))) throw new Error('node -e 0 did not exit');
  if (child.exitCode !== 0) throw new Error(`node -e 0 exited with ${child.exitCode}`);
  return performance.now() - started;
}

if (!existsSync(resolve(repoRoot, START_SCRIPT))) {
  throw new Error(`${START_SCRIPT} does not exist; the startup benchmark measures it`);
}

// Untimed first run: it may build the web app, and it warms the file system cache for both sides.
await timeStart();
await timeBareNode();

const starts: StartRun[] = [];
const bare: number[] = [];
for (let run = 0; run < RUNS; run++) {
  starts.push(await timeStart());
  bare.push(await timeBareNode());
}

const clean = starts.filter((run) => !run.builtWeb);
const counted = clean.length >= Math.ceil(RUNS / 2) ? clean : starts;
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
const rebuilt = starts.length - clean.length;
const rebuildNote =
  rebuilt === 0
    ? ''
    : counted === clean
      ? `; ${rebuilt} run(s) rebuilt the web app and are left out`
      : `; ${rebuilt} run(s) rebuilt the web app and are INCLUDED (too few clean runs; sources changed during the bench)`;
report({
  name: `pnpm start to healthy on a fresh PGlite data folder (median of ${counted.length})`,
  unit: 'ms',
  better: 'lower',
  subject: { label: `node ${START_SCRIPT}`, value: median(counted.map((run) => run.readyMs)) },
  baseline: { label: 'node -e 0', value: median(bare) },
  note: `runs (ms): start ${list(starts.map((run) => run.readyMs))}; node -e 0 ${list(bare)}; shutdown after SIGTERM ${list(starts.map((run) => run.stopMs))}${rebuildNote}`,
});

// Runs a build when its outputs are missing or older than its sources, one builder at a time: test
// processes, `pnpm start` and the journeys' web server may all find a build stale at once, and two
// builds writing the same files would leave a mix of both. The first takes a lock; the others wait for
// it, then find the build fresh and skip it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { newestChange } from './newest-change.mjs';

/**
 * @typedef {object} Build
 * @property {string} name What is built, for messages ("the server").
 * @property {string} root The folder `outputs`, `sources` and the lock are found from.
 * @property {string[]} outputs Files the build writes; the oldest of them dates the build.
 * @property {string[]} sources Files and folders whose changes make the build stale.
 * @property {string[]} command The build's program and arguments, run in `root`.
 * @property {NodeJS.ProcessEnv} [env] The build's environment (this process's by default).
 */

/** How often a waiting builder looks at the lock again. */
const LOCK_POLL_MS = 200;

/** True when an output is missing or a source changed after the oldest output was written. */
export function isStale({ root, outputs, sources }) {
  const builtAt = Math.min(
    ...outputs.map((output) => (existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0)),
  );
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
}

/**
 * Builds `build` when it is stale (or `force`), holding its lock while it checks and builds. Resolves
 * to whether it built; a failed build rejects with an Error naming it (its output included when
 * `quiet`, which collects the output instead of printing it), so a caller that imports this decides
 * what a failure means. Never ends the process.
 * @param {Build} build
 * @param {{ force?: boolean, quiet?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
export async function buildIfStale(build, { force = false, quiet = false } = {}) {
  if (!force && !isStale(build)) return false;
  const release = await takeLock(build);
  try {
    // Whoever held the lock before may have just made this build.
    if (!force && !isStale(build)) return false;
    if (!quiet) console.log(`Building ${build.name}…`);
    await run(build, quiet);
    return true;
  } finally {
    release();
  }
}

/**
 * For a build script run as a program: builds when stale (`--force`: always), and on failure prints
 * the error and sets a failing exit code, so the caller's `&&` chain stops.
 * @param {Build} build
 */
export async function buildIfStaleAsProgram(build) {
  try {
    await buildIfStale(build, { force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

/** The lock of `build`: a file holding its builder's pid, kept where no build empties a folder. */
function lockFileOf({ root, name }) {
  return join(root, 'node_modules', '.cache', 'builds', `${name.replaceAll(/\W+/g, '-')}.lock`);
}

/**
 * Takes the build's lock, waiting while a live process holds it; a lock whose process died (a test
 * worker is ended without its exit handlers) is taken over. The lock is written whole beside it and
 * linked into place, which fails if it exists, so no one ever reads a lock without its pid. Two
 * waiters taking over one dead lock at the same instant could both build, as every builder did before
 * there was a lock; a crash mid-build is rare enough to leave it there.
 * @returns {Promise<() => void>} releases the lock
 */
async function takeLock(build) {
  const lock = lockFileOf(build);
  mkdirSync(join(lock, '..'), { recursive: true });
  const mine = `${lock}.${randomUUID()}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        return () => rmSync(lock, { force: true });
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const holder = Number.parseInt(readFileIfThere(lock), 10);
      // A holder of this very process is another call here, alive too: it is waited for like the rest.
      if (Number.isInteger(holder) && isAlive(holder)) await sleep(LOCK_POLL_MS);
      else rmSync(lock, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

function readFileIfThere(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Released between our attempt and this read: the next attempt takes it.
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error.code === 'EPERM';
  }
}

/** Runs the build's command; rejects naming the build when it fails. */
function run({ name, root, command, env }, quiet) {
  const [program, ...args] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: root,
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) =>
      reject(new Error(`The build of ${name} could not start: ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `was ended by ${signal}` : `failed (exit ${code})`;
      reject(new Error(`The build of ${name} ${how}${quiet ? `:\n${output}` : '; see its output above.'}`));
    });
  });
}

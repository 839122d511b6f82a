// Real builder processes against a build of a temporary folder: a command that logs its start and end
// and takes a moment, so two builders started together would overlap if nothing kept them apart.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale } from './build-if-stale.mjs';

const helper = new URL('./build-if-stale.mjs', import.meta.url).href;

/**
 * The build's command: logs `start <pid>`, waits a while, writes the output, logs `end <pid>`. A shell
 * script, since the helper runs any program and a shell starts for a fraction of what Node costs.
 */
const SLOW_BUILD = [
  'sh',
  '-c',
  'echo "start $$" >> log; sleep 0.5; mkdir -p out; printf built > out/built.txt; echo "end $$" >> log',
];

let root;
const buildIn = (folder, command = SLOW_BUILD) => ({
  name: 'the example',
  root: folder,
  outputs: ['out/built.txt'],
  sources: ['src'],
  command,
});
const logLines = () =>
  existsSync(join(root, 'log')) ? readFileSync(join(root, 'log'), 'utf8').trim().split('\n') : [];

/** A builder as its own process, as a test worker or `pnpm start` is. */
function builderProcess(options) {
  const program = `
    const { buildIfStale } = await import(${JSON.stringify(helper)});
    const build = JSON.parse(process.argv[1]);
    process.stdout.write(String(await buildIfStale(build, ${JSON.stringify(options)})));`;
  return promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    program,
    JSON.stringify(buildIn(root)),
  ]);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'input.txt'), 'source');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('buildIfStale', () => {
  it('builds once when two builders find the build stale at once: the second waits, then finds it fresh', async () => {
    const answers = await Promise.all([builderProcess({ quiet: true }), builderProcess({ quiet: true })]);
    expect(answers.map(({ stdout }) => stdout).sort()).toEqual(['false', 'true']);
    expect(logLines().map((line) => line.split(' ')[0])).toEqual(['start', 'end']);
    expect(readFileSync(join(root, 'out', 'built.txt'), 'utf8')).toBe('built');
  });

  it('never runs two forced builds at once: each starts after the other ended', async () => {
    await Promise.all([
      builderProcess({ quiet: true, force: true }),
      builderProcess({ quiet: true, force: true }),
    ]);
    const lines = logLines();
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['start', 'end', 'start', 'end']);
    expect(lines[0]?.split(' ')[1]).toBe(lines[1]?.split(' ')[1]);
  });

  it('skips a fresh build and builds again once a source changes', async () => {
    expect(await buildIfStale(buildIn(root), { quiet: true })).toBe(true);
    expect(await buildIfStale(buildIn(root), { quiet: true })).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'input.txt'), later, later);
    expect(await buildIfStale(buildIn(root), { quiet: true })).toBe(true);
    expect(logLines()).toHaveLength(4);
  });

  it('takes over a lock its holder left behind when it died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const locks = join(root, 'node_modules', '.cache', 'builds');
    mkdirSync(locks, { recursive: true });
    writeFileSync(join(locks, 'the-example.lock'), String(dead));
    expect(await buildIfStale(buildIn(root), { quiet: true })).toBe(true);
    expect(existsSync(join(locks, 'the-example.lock'))).toBe(false);
  });

  it('rejects with the build named and its output when the build fails, and frees the lock', async () => {
    const failing = buildIn(root, ['sh', '-c', 'echo "syntax went wrong" >&2; exit 3']);
    await expect(buildIfStale(failing, { quiet: true })).rejects.toThrow(
      /The build of the example failed \(exit 3\):\n.*syntax went wrong/,
    );
    expect(await buildIfStale(buildIn(root), { quiet: true })).toBe(true);
  });
});

describe('buildIfStaleAsProgram', () => {
  it('exits 1 with the error for the shell when the build fails, 0 when it passes', () => {
    const runAsProgram = (command) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { buildIfStaleAsProgram } = await import(${JSON.stringify(helper)});
           await buildIfStaleAsProgram(JSON.parse(process.argv[1]));`,
          JSON.stringify(buildIn(root, command)),
        ],
        { encoding: 'utf8' },
      );
    const failed = runAsProgram(['sh', '-c', 'exit 2']);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('The build of the example failed (exit 2); see its output above.');
    const passed = runAsProgram(SLOW_BUILD);
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('Building the example…');
  });
});

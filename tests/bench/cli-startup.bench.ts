// Cold start of the bundled CLI (`switchboard --version`, `--help`, and `whoami` with no login, a real
// command that loads its chunk, reads the config and the API client before it stops) against the time
// Node needs to start and exit doing nothing (`node -e 0`), measured in turns on the same machine. We
// want commands that do not need Ink close to bare Node: the goal is a ratio of at most 2.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { envNumber, median, report } from './lib';

const cliDir = fileURLToPath(new URL('../../apps/cli', import.meta.url));
const RUNS = Math.round(envNumber('BENCH_RUNS', 21));
const EXIT_TIMEOUT_MS = 15_000;

/** Not logged in: `whoami` stops with this exit code before it asks the server anything. */
const EXIT_NOT_LOGGED_IN = 3;

interface Subject {
  label: string;
  args: string[];
  /** @default 0 */
  exitCode?: number;
  env?: NodeJS.ProcessEnv;
}

/** Wall time from spawn to exit of `node <args>`, which must exit with the subject's code. */
function timeRun({ args, exitCode = 0, env }: Omit<Subject, 'label'>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: 'ignore', timeout: EXIT_TIMEOUT_MS, env });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const elapsed = performance.now() - started;
      if (code === exitCode) resolve(elapsed);
      else reject(new Error(`node ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

// The bundle as it is published (apps/cli/build.mjs), built into a scratch folder.
const outdir = mkdtempSync(join(tmpdir(), 'switchboard-bench-cli-'));
try {
  await promisify(execFile)(process.execPath, ['build.mjs', outdir], { cwd: cliDir, timeout: 120_000 });
  const bundle = join(outdir, 'switchboard.js');
  // An empty config folder, so `whoami` finds no login whatever this machine's user has stored.
  const configHome = join(outdir, 'config');
  mkdirSync(configHome);
  const subjects: Subject[] = [
    { label: 'switchboard --version', args: [bundle, '--version'] },
    { label: 'switchboard --help', args: [bundle, '--help'] },
    {
      label: 'switchboard whoami',
      args: [bundle, 'whoami'],
      exitCode: EXIT_NOT_LOGGED_IN,
      env: { ...process.env, XDG_CONFIG_HOME: configHome, SWITCHBOARD_API_URL: 'http://127.0.0.1:9' },
    },
  ];
  const bare = { args: ['-e', '0'] };

  // Untimed warm-up: the file system cache, for every side alike.
  for (const subject of subjects) await timeRun(subject);
  await timeRun(bare);

  const samples = new Map<string, number[]>(subjects.map((subject) => [subject.label, []]));
  const baseline: number[] = [];
  // In turns, so a noisy moment hits every side rather than one.
  for (let run = 0; run < RUNS; run++) {
    baseline.push(await timeRun(bare));
    for (const subject of subjects) samples.get(subject.label)?.push(await timeRun(subject));
  }

  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  for (const subject of subjects) {
    const values = samples.get(subject.label) ?? [];
    report({
      name: `CLI cold start: ${subject.label} (median of ${RUNS}; goal ≤ 2× node -e 0)`,
      unit: 'ms',
      better: 'lower',
      subject: {
        label: `node dist/${subject.label.replace('switchboard', 'switchboard.js')}`,
        value: median(values),
      },
      baseline: { label: 'node -e 0', value: median(baseline) },
      note: `runs (ms): ${subject.label} ${list(values)}; node -e 0 ${list(baseline)}`,
    });
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

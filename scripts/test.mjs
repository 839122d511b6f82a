// `pnpm test`: everything, in two lanes that share the machine. Prints how long each step took and one
// closing line counting the tests that ran across every runner.
//
// Why two lanes: each vitest pass keeps about one core busy (one worker each), and the journeys spend
// much of their time waiting on the browser and the server. Lane B starts the unit and web tests at
// once, beside the checks and the builds, then runs the end-to-end journeys; lane A runs the API pass on
// PGlite once the builds are done; the longest API file and the dialect-sensitive API files on
// PostgreSQL come in parts that whichever lane is free first takes.
// The passes share nothing: every API test server has its own data folder or scratch database and a
// free port, and the journeys' servers use fixed ports no API test takes. A step's output is held and
// printed whole when it ends, so the log reads step by step.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialectSensitiveTestFiles } from './dialect-sensitive-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'switchboard-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const startedAt = Date.now();

// Two lanes run at once, so each vitest pass gets half the cores (vitest alone would take all but one).
const workersPerLane = Math.max(1, Math.floor(availableParallelism() / 2));
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs one command to its end, its output (stdout and stderr together) held and printed in one block. */
function run(label, command, args, env = {}) {
  const began = Date.now();
  console.log(`▷ ${label} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false;
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      process.stdout.write(`\n▶ ${label} (${seconds(began)})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

async function vitest(label, projects, reportName, env, extraArgs = []) {
  const outputFile = join(reports, `${reportName}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    `--maxWorkers=${workersPerLane}`,
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const ok = await run(label, 'pnpm', ['exec', ...args], env);
  try {
    countVitest(outputFile);
  } catch {
    totals.failed += 1;
  }
  return ok;
}

async function playwright() {
  const report = join(reports, 'playwright.json');
  const ok = await run(
    'end-to-end tests in Chromium',
    'pnpm',
    ['exec', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  try {
    countPlaywright(report);
  } catch {
    totals.failed += 1;
  }
  return ok;
}

const steps = [];
const failed = [];
async function step(name, running) {
  steps.push(name);
  if (!(await running)) failed.push(name);
}

/**
 * The file that takes the longest on each database (every heavy input against a timed neighbour). It
 * runs as a part of its own that whichever lane is free takes, so the lanes end close together and
 * the file is not timed beside the journeys' busiest minutes more than it must be.
 */
const RUNS_APART = ['apps/server/src/noisy-neighbour.api.test.ts'];

/** A part that cannot run: it prints why and counts as a failed step. */
function failingPart(name, why) {
  return () => {
    console.error(`\n${why}`);
    return step(name, false);
  };
}

/**
 * The PostgreSQL pass, as parts either lane may take: only the files marked dialect-sensitive
 * (scripts/dialect-sensitive-tests.mjs); every other file has run on PGlite, which is the same SQL
 * engine. Without DATABASE_URL_TEST it is skipped, or fails under REQUIRE_POSTGRES=1.
 * @returns {Array<() => Promise<void>>}
 */
function postgresParts() {
  const name = 'api (postgres, dialect-sensitive files)';
  if (process.env.DATABASE_URL_TEST) {
    let files;
    try {
      files = dialectSensitiveTestFiles(root);
    } catch (error) {
      return [failingPart(name, error.message)];
    }
    const apart = files.filter((file) => RUNS_APART.includes(file));
    const rest = files.filter((file) => !RUNS_APART.includes(file));
    return [rest, apart]
      .filter((part) => part.length > 0)
      .map((part, index, parts) => {
        const which = parts.length > 1 ? `part ${index + 1} of ${parts.length}: ` : '';
        return () =>
          step(
            `${name} ${index + 1}`,
            vitest(
              `API tests on PostgreSQL (${which}${part.length} of the ${files.length} dialect-sensitive files)`,
              ['api'],
              `api-postgres-${index + 1}`,
              { TEST_DATABASE: 'postgres' },
              part,
            ),
          );
      });
  }
  if (process.env.REQUIRE_POSTGRES === '1') {
    return [
      failingPart(
        name,
        'REQUIRE_POSTGRES=1 but DATABASE_URL_TEST is not set: the PostgreSQL run cannot happen.',
      ),
    ];
  }
  console.log('\n(PostgreSQL run skipped: set DATABASE_URL_TEST to a PostgreSQL server URL to include it.)');
  return [];
}

// Everything starts at once: the checks, the builds and the unit and web tests (which need no build)
// fill the two cores while the type checker waits on itself. Built once, here: the journeys' web
// server and the public-site test reuse this web build, and the server build makes the
// embedded-database seed every PGlite test server starts from, so the API pass and the journeys wait
// for it. A failed check does not stop the tests; it fails the run at the end.
const checks = Promise.all([
  step('typecheck', run('typecheck', 'pnpm', ['-r', 'typecheck'])),
  step('lint', run('lint', 'pnpm', ['exec', 'biome', 'check', '.'])),
]);
const built = run('web and server builds', 'sh', [
  '-c',
  'node scripts/web-build.mjs && node scripts/server-build.mjs',
]);
const unitTests = step('unit', vitest('unit and web tests', ['unit', 'web', 'web-mocked'], 'unit'));
await step('build', built);
if (failed.includes('build')) {
  console.error('\nThe tests need the builds; see the build output above.');
  await Promise.all([checks, unitTests]);
  rmSync(reports, { recursive: true, force: true });
  process.exit(1);
}

// Lane A runs the PGlite pass, one long step; lane B the unit and web tests (which fail first, being
// fast), then the journeys with two browsers. Each lane, once free, takes the next part from a shared
// list (the file run apart on PGlite, then the PostgreSQL pass in two parts), so neither waits on the
// other with work left to do.
const shared = [
  () =>
    step(
      'api (pglite, run apart)',
      vitest(
        'API tests on PGlite (the file run apart)',
        ['api'],
        'api-pglite-apart',
        { TEST_DATABASE: 'pglite' },
        RUNS_APART,
      ),
    ),
  ...postgresParts(),
];
async function takeShared() {
  for (let part = shared.shift(); part; part = shared.shift()) await part();
}
const laneA = (async () => {
  await step(
    'api (pglite)',
    vitest(
      'API and integration tests on PGlite',
      ['api'],
      'api-pglite',
      { TEST_DATABASE: 'pglite' },
      RUNS_APART.flatMap((file) => ['--exclude', file]),
    ),
  );
  await takeShared();
})();
const laneB = (async () => {
  await unitTests;
  await step('e2e', playwright());
  await takeShared();
})();
await Promise.all([checks, laneA, laneB]);
rmSync(reports, { recursive: true, force: true });

console.log(
  `\n${steps.length - failed.length}/${steps.length} steps green${failed.length ? `; failed: ${failed.join(', ')}` : ''} in ${seconds(startedAt)}`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed.length === 0 && totals.failed === 0 && totals.passed > 0 ? 0 : 1);

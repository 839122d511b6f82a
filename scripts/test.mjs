// `pnpm test`: everything, in the order that fails fastest. Prints one closing line counting the
// tests that ran across every runner.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'switchboard-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
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

function vitest(label, projects, reportName, env) {
  const outputFile = join(reports, `${reportName}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const ok = run(label, 'pnpm', ['exec', ...args], env);
  try {
    countVitest(outputFile);
  } catch {
    totals.failed += 1;
  }
  return ok;
}

const steps = [];
const failed = [];
function step(name, ok) {
  steps.push(name);
  if (!ok) failed.push(name);
}

step('typecheck', run('typecheck', 'pnpm', ['-r', 'typecheck']));
step('lint', run('lint', 'pnpm', ['exec', 'biome', 'check', '.']));
step('unit', vitest('unit and web tests', ['unit', 'web'], 'unit'));
buildWebIfStale();
// The server build makes the embedded-database seed every PGlite test server starts from.
buildServerIfStale();
step(
  'api (pglite)',
  vitest('API and integration tests on PGlite', ['api'], 'api-pglite', { TEST_DATABASE: 'pglite' }),
);
if (process.env.DATABASE_URL_TEST) {
  step(
    'api (postgres)',
    vitest('API and integration tests on PostgreSQL', ['api'], 'api-postgres', { TEST_DATABASE: 'postgres' }),
  );
} else if (process.env.REQUIRE_POSTGRES === '1') {
  console.error('\nREQUIRE_POSTGRES=1 but DATABASE_URL_TEST is not set: the PostgreSQL run cannot happen.');
  step('api (postgres)', false);
} else {
  console.log('\n(PostgreSQL run skipped: set DATABASE_URL_TEST to a PostgreSQL server URL to include it.)');
}
const playwrightReport = join(reports, 'playwright.json');
step(
  'e2e',
  run(
    'end-to-end tests in Chromium',
    'pnpm',
    ['exec', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  ),
);
try {
  countPlaywright(playwrightReport);
} catch {
  totals.failed += 1;
}
rmSync(reports, { recursive: true, force: true });

console.log(
  `\n${steps.length - failed.length}/${steps.length} steps green${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed.length === 0 && totals.failed === 0 && totals.passed > 0 ? 0 : 1);

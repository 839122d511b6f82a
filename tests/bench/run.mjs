// `pnpm bench [filter...]`: runs tests/bench/*.bench.ts one after another, each in its own Node process
// (through tsx), and prints every result as a ratio against the baseline it ran beside. Timings are
// never compared with fixed numbers: the exit code only says whether every benchmark ran.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(benchDir, '..', '..');
/** A benchmark that takes longer than this is stuck; it is stopped and reported as failed. */
const TIMEOUT_MS = 10 * 60 * 1000;

const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark in ${relative(repoRoot, benchDir)} matches ${filters.join(' ')}`);
  process.exit(2);
}

/** @returns {Promise<{ file: string, ok: boolean, detail: string, results: any[] }>} */
function runOne(file) {
  return new Promise((resolve) => {
    const results = [];
    const started = Date.now();
    console.log(`\n▶ ${file}`);
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, file)], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      console.error(`✗ ${file} ran longer than ${TIMEOUT_MS / 60_000} min; stopping it`);
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    child.on('message', (message) => {
      if (message && message.type === 'bench-result') results.push(message.result);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ file, ok: false, detail: error.message, results });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0 && results.length > 0;
      const detail = ok
        ? `${seconds} s`
        : code === 0
          ? 'reported no result'
          : `exited with ${signal ?? `code ${code}`}`;
      resolve({ file, ok, detail, results });
    });
  });
}

const outcomes = [];
for (const file of files) outcomes.push(await runOne(file));

function formatValue(value, unit) {
  if (unit === 'ms') return `${value.toFixed(1)} ms`;
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  return `${Math.round(value).toLocaleString('en-US')} req/s`;
}

console.log('\nSummary (ratio = subject / baseline, measured side by side on this machine)\n');
const rows = [['benchmark', 'subject', 'baseline', 'ratio']];
for (const outcome of outcomes) {
  for (const result of outcome.results) {
    const ratio = result.subject.value / result.baseline.value;
    rows.push([
      result.name,
      `${result.subject.label}: ${formatValue(result.subject.value, result.unit)}`,
      `${result.baseline.label}: ${formatValue(result.baseline.value, result.unit)}`,
      `${ratio.toFixed(2)}× (${result.better} is better)`,
    ]);
  }
  if (!outcome.ok) rows.push([outcome.file, `FAILED: ${outcome.detail}`, '', '']);
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const [index, row] of rows.entries()) {
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

const failed = outcomes.filter((outcome) => !outcome.ok);
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${outcomes.length} benchmark file(s) failed to run.`);
  process.exitCode = 1;
}

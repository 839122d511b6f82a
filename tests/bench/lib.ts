import { createServer } from 'node:net';

/**
 * One measurement: a subject against the baseline it is compared with, on the same machine in the same
 * run. The ratio is subject / baseline; whether higher is better depends on the unit.
 */
export interface BenchResult {
  name: string;
  /** kB is 1,000 bytes (as Vite prints sizes). */
  unit: 'req/s' | 'ms' | 'kB';
  /** 'higher' for throughput, 'lower' for durations and sizes. */
  better: 'higher' | 'lower';
  subject: { label: string; value: number };
  baseline: { label: string; value: number };
  /** Free text printed under the result, e.g. the raw samples. */
  note?: string;
}

export interface BenchMessage {
  type: 'bench-result';
  result: BenchResult;
}

export function ratioOf(result: BenchResult): number {
  return result.subject.value / result.baseline.value;
}

export function formatValue(value: number, unit: BenchResult['unit']): string {
  if (unit === 'ms') return `${value.toFixed(1)} ms`;
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  return `${Math.round(value).toLocaleString('en-US')} req/s`;
}

/** "0.42× the baseline's throughput" / "3.10× the baseline's time" / "0.95× the baseline's size". */
export function describeRatio(result: BenchResult): string {
  const what = result.unit === 'ms' ? 'time' : result.unit === 'kB' ? 'size' : 'throughput';
  return `${ratioOf(result).toFixed(2)}× the baseline's ${what} (${result.better} is better)`;
}

/** Prints a result and hands it to the runner (tests/bench/run.mjs) when there is one. */
export function report(result: BenchResult): void {
  if (!(result.baseline.value > 0) || !Number.isFinite(result.subject.value)) {
    throw new Error(
      `${result.name}: cannot form a ratio from ${result.subject.value} / ${result.baseline.value}`,
    );
  }
  const width = Math.max(result.subject.label.length, result.baseline.label.length);
  console.log(`\n${result.name}`);
  console.log(`  ${result.subject.label.padEnd(width)}  ${formatValue(result.subject.value, result.unit)}`);
  console.log(`  ${result.baseline.label.padEnd(width)}  ${formatValue(result.baseline.value, result.unit)}`);
  console.log(`  ratio: ${describeRatio(result)}`);
  if (result.note) console.log(`  ${result.note}`);
  process.send?.({ type: 'bench-result', result } satisfies BenchMessage);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Asks the OS for a free loopback port (for child processes that need one up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A positive number from the environment, for shorter local runs (e.g. BENCH_SECONDS=2). */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliContext } from './context';
import { readCliEnv } from './env';

/** A run's context for unit tests: a scratch home, silent output, a fixed clock; override what matters. */
export function testContext(overrides: Partial<CliContext> = {}): CliContext {
  const home = mkdtempSync(join(tmpdir(), 'switchboard-cli-home-'));
  const quiet = { write: () => true };
  return {
    cwd: home,
    env: readCliEnv({ HOME: home }),
    stdout: quiet,
    stderr: quiet,
    terminal: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    now: () => new Date('2026-01-01T00:00:00.000Z'),
    ...overrides,
  };
}

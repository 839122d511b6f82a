import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/switchboard.js', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built bundle as a user would, with a bounded wait. */
function run(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 15_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Always rebuild: a stale dist/ from another checkout state would make these tests lie.
beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: appDir, timeout: 60_000 });
}, 90_000);

describe('the switchboard bundle', () => {
  it('starts with a node shebang', async () => {
    const text = await readFile(bundle, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('prints the package version for --version and -V, and exits 0', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const result = await run([flag]);
      expect(result).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    }
  });

  it('shows help listing its options for --help, and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: switchboard [options]');
    expect(result.stdout).toContain('--version');
    expect(result.stdout).toContain('--api-url <url>');
    expect(result.stdout).toContain('--help');
  });

  it('shows help on stdout when run without arguments', async () => {
    const result = await run([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: switchboard');
  });

  it('exits 2 for an unknown command, naming it on stderr', async () => {
    const result = await run(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown command 'frobnicate'");
  });

  it('exits 2 for an unknown option', async () => {
    const result = await run(['--frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--frobnicate'");
  });

  it('exits 2 for a malformed --api-url or a missing value', async () => {
    const bad = await run(['--api-url', 'not-a-url']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--api-url');
    const missing = await run(['--api-url']);
    expect(missing.code).toBe(2);
  });

  it('accepts a well-formed --api-url', async () => {
    const result = await run(['--api-url', 'http://127.0.0.1:3000', '--version']);
    expect(result.code).toBe(0);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';
import { serverBundle } from './testing/server-bundle';

// The server as a user starts it: a real process from its bundle, so exit codes and signals are what
// is tested.
const children: ChildProcess[] = [];
const folders: string[] = [];

async function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [await serverBundle()], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} never became healthy`);
}

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-main-'));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('exits 1 naming the variable when the environment is bad', async () => {
    const run = await startProcess({ PORT: 'abc', DATA_DIR: tempDataDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/PORT: /);
  });

  it('refuses a second server on the same data folder, naming the lock, and shuts down cleanly', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = await startProcess({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${port}`);

    const second = await startProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(join(dataDir, 'server.lock'));
    expect(second.output()).toContain('Another Switchboard server');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });
});

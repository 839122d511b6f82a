import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { selectedTestDatabase } from '../testing/harness';
import { createScratchDatabase } from '../testing/postgres';
import { serverBundle } from '../testing/server-bundle';

// Dialect-sensitive: two sign-ups race for one e-mail; PostgreSQL runs them on two connections at once.

// A real server process (from its bundle), so what it writes to its log is read as an administrator
// would read it.

let child: ChildProcess;
let output = '';
let url = '';
let dataDir = '';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

async function waitForHealth(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} never became healthy:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'switchboard-sign-up-race-'));
  scratch =
    selectedTestDatabase() === 'postgres'
      ? await createScratchDatabase(process.env.DATABASE_URL_TEST as string)
      : undefined;
  child = spawn(process.execPath, [await serverBundle()], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      ENABLE_EMAIL_SIGNIN: 'true',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth();
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function signUp(email: string) {
  return fetch(`${url}/api/v1/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'Double Click', email, password: 'correct horse battery staple' }),
  });
}

describe('a double-clicked sign-up', () => {
  it('makes one account; the second request gets a clear 4xx and the log carries no SQL', async () => {
    const email = 'double-click@example.test';
    const answers = await Promise.all([signUp(email), signUp(email)]);
    const statuses = answers.map((answer) => answer.status).sort();
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ code?: string }>));
    expect(statuses, JSON.stringify(bodies)).toEqual([200, 422]);
    const refused = bodies.find((body) => body.code !== undefined);
    expect(refused).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    // A sign-up after the race is refused in the very same words.
    const later = await signUp(email);
    expect(later.status).toBe(422);
    expect(await later.json()).toEqual(refused);
    expect(output).not.toMatch(/insert into|select |Failed query|SQLSTATE|Unexpected error/i);
  });
});

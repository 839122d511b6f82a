import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What a server wrote, read as an administrator reads its log. */
export interface ServerLog {
  /** Everything the server wrote so far. */
  output(): string;
  /** Waits for the log line "<prefix>: <link>" and answers the link. */
  waitForLink(prefix: string): Promise<string>;
}

async function linkLogged(output: () => string, prefix: string): Promise<string> {
  const pattern = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\S+)`);
  await expect.poll(() => pattern.test(output()), { timeout: 30_000 }).toBe(true);
  return (output().match(pattern) as RegExpMatchArray)[1] as string;
}

/** Where the shared e2e server's output is copied as it runs: beside its database. */
export function sharedServerLogFile(dataDir: string): string {
  return join(dataDir, 'server.log');
}

/**
 * The log of the shared e2e server, for journeys that follow a link it logs (the mail it would send)
 * instead of starting a server of their own. Every journey's lines are in it: a journey looks for
 * the addresses of its own people, which no other journey uses.
 */
export function sharedServerLog(): ServerLog {
  const dataDir = process.env.SWITCHBOARD_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SWITCHBOARD_E2E_DATA_DIR is unset: run the journeys with their config.');
  const output = () => readFileSync(sharedServerLogFile(dataDir), 'utf8');
  return { output, waitForLink: (prefix) => linkLogged(output, prefix) };
}

/** A server of its own for journeys that need it configured otherwise (billing on). */
export interface ServerOptions {
  /** The port others (a fake Stripe's webhooks) find it on. */
  port: number;
  /** Settings beside the e2e server's own. */
  env: Record<string, string>;
}

/** How every e2e server runs: for tests, on an embedded database in `dataDir`, email sign-in on. */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ENABLE_EMAIL_SIGNIN: 'true',
    ENABLE_GITHUB_SIGNIN: 'false',
    // Every journey signs people up from 127.0.0.1; the default of 20 a minute is for real clients.
    SIGN_IN_RATE_LIMIT: '1000',
  };
}

/** The server bundle: it starts in a fraction of the time tsx takes to load the sources. */
export const SERVER_BUNDLE = 'apps/server/dist/main.mjs';

/**
 * Starts the server bundle on a database of its own, serving the web build the shared e2e server
 * made; answers how to stop it.
 */
async function startServer({ port, env }: ServerOptions): Promise<() => Promise<void>> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      ...e2eServerEnv(port, dataDir),
      // A web build of one's own, for running these journeys while someone rebuilds apps/web/dist.
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
          return fetch(`${baseURL}/api/v1/health`).then(
            (response) => response.ok,
            () => false,
          );
        },
        { timeout: 110_000, intervals: [250] },
      )
      .toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/**
 * A server of its own for the spec file (or the describe block it is called in): started before its
 * tests, stopped after them.
 */
export function serverForFile(options: ServerOptions): void {
  let stop: (() => Promise<void>) | undefined;
  test.beforeAll(async () => {
    // A server of its own starts (migrations included) in a few seconds, longer on a busy machine.
    test.setTimeout(120_000);
    stop = await startServer(options);
  });
  test.afterAll(async () => {
    await stop?.();
  });
}

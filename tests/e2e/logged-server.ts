import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A server of its own for journeys that need what it logs (the links it would mail), reading its
 * output as an administrator reads the log, or that need it configured otherwise (billing on). It
 * serves the web build the shared e2e server made.
 */
export interface LoggedServer {
  baseURL: string;
  /** Everything the server wrote so far. */
  output(): string;
  /** Waits for the log line "<prefix>: <link>" and answers the link. */
  waitForLink(prefix: string): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** What node runs: by default the server bundle the shared e2e server's command built or checked. */
  args?: string[];
  /** A fixed port, for a server others must find there; by default a free one. */
  port?: number;
  /** Settings beside the e2e server's own. */
  env?: Record<string, string>;
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

async function startLoggedServer({
  args = [SERVER_BUNDLE],
  port: fixedPort,
  env = {},
}: ServerOptions = {}): Promise<LoggedServer> {
  const port = fixedPort ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-logged-'));
  const child: ChildProcess = spawn(process.execPath, args, {
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

  return {
    baseURL,
    output: () => output,
    async waitForLink(prefix) {
      const pattern = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\S+)`);
      await expect.poll(() => pattern.test(output), { timeout: 30_000 }).toBe(true);
      return (output.match(pattern) as RegExpMatchArray)[1] as string;
    },
    stop,
  };
}

/**
 * A logged server for the spec file (or the describe block it is called in): started before its
 * tests, stopped after them.
 */
export function serverForFile(options: ServerOptions = {}): Omit<LoggedServer, 'stop'> {
  let started: LoggedServer | undefined;
  const running = (): LoggedServer => {
    if (!started) throw new Error('The logged server is read before the file started it (in beforeAll).');
    return started;
  };
  test.beforeAll(async () => {
    // A server of its own starts (migrations included) in a few seconds, longer on a busy machine.
    test.setTimeout(120_000);
    started = await startLoggedServer(options);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return {
    get baseURL() {
      return running().baseURL;
    },
    output: () => running().output(),
    waitForLink: (prefix) => running().waitForLink(prefix),
  };
}

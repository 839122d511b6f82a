import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Env, parseEnv } from '../env';
import { type RunningServer, type StartServerOptions, startServer } from '../server';
import { checkAgainstContract } from './contract-check';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { freePort } from './free-port';
import { createScratchDatabase } from './postgres';
import { SHARED_SERVER_FOLDER_VARIABLE } from './shared-server-folder';

export type TestDatabase = 'pglite' | 'postgres';

export interface TestServerOptions {
  /** Extra environment for this server; wins over the defaults below. */
  env?: Record<string, string>;
  /** Start options beyond the environment, such as the MCP endpoint's clock. */
  start?: StartServerOptions;
  /** Billing on, against a local fake of Stripe (`fakeStripe` on the answer). @default false */
  billing?: boolean;
  /** The folder to make the server's data folder in. @default the system's temporary folder */
  dataParent?: string;
}

/** The test set-up's Stripe configuration: fixed ids the fake knows. */
export const TEST_STRIPE = {
  secretKey: 'sk_test_switchboard',
  webhookSecret: 'whsec_switchboard_test',
  monthlyPrice: 'price_team_monthly',
  annualPrice: 'price_team_annual',
} as const;

export interface FetchOptions {
  /** @default true */
  checkContract?: boolean;
}

export interface TestServer {
  url: string;
  database: TestDatabase;
  server: RunningServer;
  env: Env;
  /** The fake Stripe this server bills through, when started with `billing: true`. */
  fakeStripe?: FakeStripe;
  dataDir: string;
  /**
   * fetch against this server: `fetch('/api/v1/health')`. Every answer of our REST API is held to its
   * endpoint descriptor and a drift throws; `{ checkContract: false }` is for a test that calls outside
   * the contract on purpose.
   */
  fetch(path: string, init?: RequestInit, options?: FetchOptions): Promise<Response>;
  /** Stops the server and starts a new one on the same data, as a process restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Which database API tests run on: PGlite by default; PostgreSQL when TEST_DATABASE=postgres, using
 * DATABASE_URL_TEST as the server to make scratch databases on (the CI script provides one).
 */
export function selectedTestDatabase(source: Record<string, string | undefined> = process.env): TestDatabase {
  const wanted = source.TEST_DATABASE ?? 'pglite';
  if (wanted !== 'pglite' && wanted !== 'postgres')
    throw new Error(`TEST_DATABASE must be pglite or postgres, got ${wanted}`);
  if (wanted === 'postgres' && !source.DATABASE_URL_TEST) {
    throw new Error(
      'TEST_DATABASE=postgres needs DATABASE_URL_TEST (a PostgreSQL URL the tests may create databases on)',
    );
  }
  return wanted;
}

/** The server this process's test files share, once one has asked for it. */
let sharedServer: Promise<TestServer> | undefined;

/**
 * The one server a test process's files share when they need none of their own: each file works in
 * organizations it signs up itself, and a worker runs its files one after another, so they never
 * meet. Starting a server for every file (copying the database seed, starting the embedded
 * database and the auth server, warming a cold database's caches, then closing it all) cost one to
 * two seconds a file. Started on first use and never closed by a file: the end of the process ends
 * it.
 */
export function sharedTestServer(): Promise<TestServer> {
  if (!sharedServer) {
    // Every file signs its people up from 127.0.0.1 on this one server: the per-address sign-up
    // limit is for real clients (the files that test it start servers of their own).
    sharedServer = startTestServer({
      env: { SIGN_IN_RATE_LIMIT: '100000' },
      // Removed with the run (shared-server-folder.ts): a worker ends without running exit handlers.
      dataParent: process.env[SHARED_SERVER_FOLDER_VARIABLE],
    });
    // A failed start is not kept: the next file tries again and reports its own error.
    sharedServer.catch(() => {
      sharedServer = undefined;
    });
  }
  return sharedServer;
}

/**
 * A server for one test file: the process's shared one when the file asks for nothing of its own and
 * the tests run on PGlite, else a server of its own (on PostgreSQL every server has a scratch database
 * that must be dropped when its file ends). `release` closes only a server of the file's own.
 */
export async function serverForFile(
  options?: TestServerOptions,
): Promise<{ server: TestServer; release(): Promise<void> }> {
  if (options === undefined && selectedTestDatabase() === 'pglite') {
    return { server: await sharedTestServer(), release: async () => {} };
  }
  const server = await startTestServer(options);
  return { server, release: () => server.close() };
}

/** Starts the real server in-process on a fresh database and a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = selectedTestDatabase();
  const dataDir = mkdtempSync(join(options.dataParent ?? tmpdir(), 'switchboard-test-'));
  const scratch =
    database === 'postgres'
      ? await createScratchDatabase(process.env.DATABASE_URL_TEST as string)
      : undefined;
  const port = await freePort();
  const fakeStripe = options.billing
    ? await startFakeStripe({
        webhookUrl: `http://127.0.0.1:${port}/api/v1/auth/stripe/webhook`,
        webhookSecret: TEST_STRIPE.webhookSecret,
        prices: { [TEST_STRIPE.monthlyPrice]: 'month', [TEST_STRIPE.annualPrice]: 'year' },
      })
    : undefined;
  const env = parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    ENABLE_EMAIL_SIGNIN: 'true',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(fakeStripe
      ? {
          STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
          STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
          STRIPE_PRICE_TEAM_MONTHLY: TEST_STRIPE.monthlyPrice,
          STRIPE_PRICE_TEAM_ANNUAL: TEST_STRIPE.annualPrice,
          STRIPE_API_BASE: fakeStripe.url,
        }
      : {}),
    ...options.env,
  });
  // Every test server hashes passwords cheaply unless a test asks otherwise: sign-ups dominate set-up.
  const start: StartServerOptions = { testPasswordHashing: true, ...options.start };
  let server: RunningServer;
  try {
    server = await startServer(env, start);
  } catch (error) {
    await fakeStripe?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const handle: TestServer = {
    url: server.url,
    database,
    server,
    env,
    dataDir,
    fakeStripe,
    async fetch(path, init, { checkContract = true } = {}) {
      const url = new URL(path, handle.server.url);
      const response = await fetch(url, init);
      if (checkContract) await checkAgainstContract(init?.method ?? 'GET', url, response);
      return response;
    },
    async restart() {
      await handle.server.close();
      handle.server = await startServer(env, start);
    },
    async close() {
      await handle.server.close();
      await fakeStripe?.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

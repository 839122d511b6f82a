import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { eventAt } from './domain/activity';
import { createBilling } from './domain/billing/service';
import { billingSettingsOf } from './domain/billing/settings';
import { createStatusSender } from './domain/development/status-sender';
import { type Clock, type DomainServices, systemClock } from './domain/services';
import { startUpkeep } from './domain/upkeep';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import { DEFAULT_WEB_DIR, PGLITE_SEED } from './locations';
import type { McpTuning } from './mcp/http';
import { loadOrCreateAuthSecret } from './secrets';
import { createServerAuth } from './server-auth';
import { listen, stopListening } from './server-listen';
import { domainServicesFor, githubIntegrationFor } from './server-services';

export interface RunningServer {
  url: string;
  /** The mounted routes, for tests that check every route is documented and covered. */
  routes: { method: string; path: string }[];
  port: number;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** The MCP endpoint's timings, for tests that cannot wait for real time. */
  mcp?: McpTuning;
  /**
   * The clock the domain, the MCP endpoint, billing's trial, API keys' limits and the failed sign-ins'
   * waits read, for tests that move time instead of waiting for it. @default the system clock
   */
  clock?: Clock;
  /** How often expired leases and silent agent sessions are swept with nobody calling. @default 30_000 */
  upkeepEveryMs?: number;
  /**
   * The device-login polling interval (RFC 8628 `interval`) in whole seconds, so CLI tests need not wait
   * out 5 s polls. Refused when NODE_ENV=production. @default 5
   */
  devicePollIntervalSeconds?: number;
  /** A cheap test-only password hash, for the many sign-ups of tests. Refused when NODE_ENV=production. */
  testPasswordHashing?: boolean;
  /** The first retry of a commit status GitHub did not take waits this long, doubling after. @default 30_000 */
  githubRetryBaseMs?: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Origins whose pages may make cookie-authenticated writes: the app's own, by every local name. */
export function trustedOriginsFor(env: Env, port: number): string[] {
  const origins = new Set([new URL(env.APP_URL).origin, new URL(env.API_URL).origin]);
  if (LOOPBACK_HOSTS.has(env.HOST)) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  return [...origins];
}

/** The options only tests may set, refused where they would weaken production. */
function refuseTestOptionsInProduction(env: Env, options: StartServerOptions): void {
  if (options.devicePollIntervalSeconds !== undefined && env.NODE_ENV === 'production')
    throw new Error('devicePollIntervalSeconds is for tests; production keeps the 5-second interval');
  if (options.testPasswordHashing && env.NODE_ENV === 'production')
    throw new Error('testPasswordHashing is for tests; production hashes passwords with full cost');
}

/**
 * Starts everything in order: lock the data folder, open the database, migrate, then listen. Used by
 * main.ts and by the test harness, so tests exercise the real start-up path.
 */
export async function startServer(env: Env, options: StartServerOptions = {}): Promise<RunningServer> {
  refuseTestOptionsInProduction(env, options);
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const lock = env.DATABASE_URL ? undefined : lockDataDir(dataDir);
  let database: DatabaseHandle | undefined;
  let bus: EventBus | undefined;
  // Built once the bus exists; better-auth's hooks run only after the server listens.
  let services: DomainServices | undefined;
  try {
    database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir, seed: PGLITE_SEED },
    );
    await database.migrate();
    const db = database.db;
    const clock = options.clock ?? systemClock;
    const trustedOrigins = trustedOriginsFor(env, env.PORT);
    const billingSettings = billingSettingsOf(env);
    const billing = billingSettings ? createBilling(billingSettings, clock) : undefined;
    const serverSecret = env.BETTER_AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir);
    const auth = createServerAuth({
      env,
      database: db,
      clock,
      secret: serverSecret,
      trustedOrigins,
      billing,
      devicePollIntervalSeconds: options.devicePollIntervalSeconds,
      testPasswordHashing: options.testPasswordHashing,
      bus: () => bus,
      services: () => services,
    });
    const openBus = await database.createEventBus((organizationId, id) =>
      eventAt(db, organizationId, Number(id)),
    );
    bus = openBus;
    const githubIntegration = githubIntegrationFor(env, serverSecret, options.githubRetryBaseMs ?? 30_000);
    services = domainServicesFor(env, db, openBus, clock);
    const statuses = createStatusSender(services, githubIntegration);
    const app = createApp({
      env,
      database,
      auth,
      services,
      trustedOrigins,
      webDir: env.WEB_DIR ?? DEFAULT_WEB_DIR,
      mcp: options.mcp,
      billing,
      github: { integration: githubIntegration, statuses },
    });
    const server = await listen(app.fetch, env);
    const stopUpkeep = startUpkeep({
      services,
      everyMs: options.upkeepEveryMs,
      sessionTimeoutMs: env.AGENT_SESSION_TIMEOUT_MINUTES * 60_000,
      statuses,
    });
    const actualPort = (server.address() as AddressInfo).port;
    const openDatabaseHandle = database;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${actualPort}`,
      routes: app.routes.map(({ method, path }) => ({ method, path })),
      port: actualPort,
      database: openDatabaseHandle,
      close() {
        closing ??= (async () => {
          await stopUpkeep();
          await stopListening(server);
          await openBus.close();
          await openDatabaseHandle.close();
          lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await bus?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

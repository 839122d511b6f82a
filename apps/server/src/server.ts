import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createAuthServer, databaseRateLimitStorage } from '@switchboard/auth/server';
import { createApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { eventAt } from './domain/activity';
import { agentNamesOf } from './domain/agents/profiles';
import { STRIPE_TEAM_PLAN } from './domain/billing/plans';
import { createBilling } from './domain/billing/service';
import { billingSettingsOf } from './domain/billing/settings';
import { announceBillingEvent } from './domain/billing/webhook-events';
import { createStatusSender } from './domain/development/status-sender';
import { describeForLog } from './domain/errors';
import { type Clock, type DomainServices, systemClock } from './domain/services';
import { startUpkeep } from './domain/upkeep';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import { createGithubClient } from './github/client';
import { DEFAULT_WEB_DIR, PGLITE_SEED } from './locations';
import { createEmailChangeSender, createPasswordResetSender, createSignInAttackSender } from './mail/account';
import { createInvitationSender } from './mail/invitations';
import { createNotificationMailer } from './mail/notifications';
import type { McpTuning } from './mcp/http';
import { createSecretBox } from './secret-box';
import { loadOrCreateAuthSecret } from './secrets';

/** How long an idle keep-alive connection stays open: longer than clients and proxies keep theirs. */
const IDLE_CONNECTION_MS = 65_000;

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

/**
 * Starts everything in order: lock the data folder, open the database, migrate, then listen. Used by
 * main.ts and by the test harness, so tests exercise the real start-up path.
 */
export async function startServer(env: Env, options: StartServerOptions = {}): Promise<RunningServer> {
  if (options.devicePollIntervalSeconds !== undefined && env.NODE_ENV === 'production')
    throw new Error('devicePollIntervalSeconds is for tests; production keeps the 5-second interval');
  if (options.testPasswordHashing && env.NODE_ENV === 'production')
    throw new Error('testPasswordHashing is for tests; production hashes passwords with full cost');
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const lock = env.DATABASE_URL ? undefined : lockDataDir(dataDir);
  let database: DatabaseHandle | undefined;
  let bus: EventBus | undefined;
  // Built once the bus exists; better-auth's hooks below run only after the server listens.
  let services: DomainServices | undefined;
  try {
    database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir, seed: PGLITE_SEED },
    );
    await database.migrate();
    const openedDatabase = database;
    const clock = options.clock ?? systemClock;
    const port = env.PORT;
    const trustedOrigins = trustedOriginsFor(env, port);
    const billingSettings = billingSettingsOf(env);
    const billing = billingSettings ? createBilling(billingSettings, clock) : undefined;
    const accountMail = { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, brandName: env.BRAND_NAME };
    const serverSecret = env.BETTER_AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir);
    const auth = createAuthServer({
      database: database.db,
      secret: serverSecret,
      baseURL: env.API_URL,
      appUrl: env.APP_URL,
      brandName: env.BRAND_NAME,
      trustedOrigins,
      emailSignIn: env.ENABLE_EMAIL_SIGNIN,
      trustedProxies: env.TRUSTED_PROXIES,
      signInAttemptsPerMinute: env.SIGN_IN_RATE_LIMIT,
      signInFailures: {
        now: () => clock.now().getTime(),
        onAttack: createSignInAttackSender({ ...accountMail, appUrl: env.APP_URL }),
      },
      devicePollIntervalSeconds: options.devicePollIntervalSeconds,
      testPasswordHashing: options.testPasswordHashing,
      agentNamesOf: (organizationId) => agentNamesOf(openedDatabase.db, organizationId),
      // The bus exists by the time anyone can call better-auth: the server listens only after both.
      onAccessChange: () => {
        bus?.publishAccessChange().catch((error: unknown) => {
          console.error(`[events] access change not announced: ${describeForLog(error)}`);
        });
      },
      onInvitationChange: (email) => {
        bus?.publishInvitationChange(email).catch((error: unknown) => {
          console.error(`[events] invitation change not announced: ${describeForLog(error)}`);
        });
      },
      github:
        env.ENABLE_GITHUB_SIGNIN && env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              webUrl: env.GITHUB_WEB_URL,
              apiUrl: env.GITHUB_API_URL,
            }
          : undefined,
      turnstile: env.TURNSTILE_SECRET_KEY
        ? { secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL }
        : undefined,
      billing: billing && {
        stripeClient: billing.stripe,
        webhookSecret: billing.settings.webhookSecret,
        prices: billing.settings.prices,
        planName: STRIPE_TEAM_PLAN,
        // Webhooks arrive only once the server listens, by which time the bus exists.
        onEvent: async (event) => {
          if (services) await announceBillingEvent(services, event);
        },
      },
      sendInvitation: createInvitationSender({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        appUrl: env.APP_URL,
        brandName: env.BRAND_NAME,
      }),
      sendPasswordReset: createPasswordResetSender(accountMail),
      sendEmailChange: createEmailChangeSender(accountMail),
    });
    const db = database.db;
    bus = await database.createEventBus((organizationId, id) => eventAt(db, organizationId, Number(id)));
    const githubIntegration = {
      client: createGithubClient({ apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com' }),
      box: createSecretBox(serverSecret, 'github repository secrets'),
      webUrl: env.GITHUB_WEB_URL ?? 'https://github.com',
      apiUrl: env.API_URL,
      appUrl: env.APP_URL,
      retryBaseMs: options.githubRetryBaseMs ?? 30_000,
    };
    services = {
      db,
      bus,
      clock,
      mail: env.SMTP_URL
        ? createNotificationMailer({
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM,
            appUrl: env.APP_URL,
            brandName: env.BRAND_NAME,
          })
        : undefined,
      apiKeyRequests: databaseRateLimitStorage({ database: db, now: () => clock.now().getTime() }),
    };
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

    const server = await new Promise<ReturnType<typeof serve>>((resolveListen, rejectListen) => {
      const instance = serve({ fetch: app.fetch, port, hostname: env.HOST }, () => resolveListen(instance));
      instance.once('error', rejectListen);
    });
    // Clients reuse an idle connection for a few seconds (undici: 4 s). Were the server to drop it
    // first, a request sent as it closes is lost as a reset; a busy machine fires that timer late.
    // So idle connections stay open longer than any client keeps them, as proxies expect (60 s).
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = IDLE_CONNECTION_MS;
      server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
    }
    const stopUpkeep = startUpkeep({
      services,
      everyMs: options.upkeepEveryMs,
      sessionTimeoutMs: env.AGENT_SESSION_TIMEOUT_MINUTES * 60_000,
      statuses,
    });
    const actualPort = (server.address() as AddressInfo).port;
    const openDatabaseHandle = database;
    const openBus = bus;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${actualPort}`,
      routes: app.routes.map(({ method, path }) => ({ method, path })),
      port: actualPort,
      database: openDatabaseHandle,
      close() {
        closing ??= (async () => {
          await stopUpkeep();
          await new Promise<void>((done) => {
            server.close(() => done());
            // Open keep-alive and SSE connections would otherwise hold the close forever.
            if ('closeAllConnections' in server) server.closeAllConnections();
          });
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

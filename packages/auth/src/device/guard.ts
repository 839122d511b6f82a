import type { BetterAuthPlugin } from 'better-auth';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { checkCodeRequest, storeDeviceName } from './code-request';
import { tokenRedemption } from './token';
import { DEVICE_POLL_INTERVAL_SECONDS } from './user-code';
import { describeClaimedCode, rememberApprovingOrganization } from './verification';
import { wrongCodeLimit } from './wrong-codes';

export interface DeviceLoginOptions {
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  /** The page people approve a login on, e.g. https://app.example.com/auth/cli-verify. */
  verificationUri: string;
  /** @default Date.now */
  now?: () => number;
  /**
   * The polling interval clients are told to keep (RFC 8628 `interval`), in whole seconds. Only tests
   * set it lower, so a CLI login does not wait out 5 s polls. @default DEVICE_POLL_INTERVAL_SECONDS
   */
  pollIntervalSeconds?: number;
}

/**
 * The additions to better-auth's device authorization plugin (listed before it, so its rate-limit rule
 * for GET /device wins): the device name and approving organization stored with each code, the
 * wrong-code limit, growing intervals after slow_down, and what the new CLI session starts with.
 */
export function deviceLoginGuard(options: DeviceLoginOptions): BetterAuthPlugin {
  const token = tokenRedemption(options.pollIntervalSeconds ?? DEVICE_POLL_INTERVAL_SECONDS);
  return {
    id: 'switchboard-device-login',
    schema: {
      deviceCode: {
        fields: {
          // The name the device gave (its host name), shown on the verification page and kept on its session.
          deviceName: { type: 'string', required: false },
          // The organization that was active where the login was approved: the CLI session starts in it.
          organizationId: { type: 'string', required: false },
        },
      },
    },
    // Replaces the plugin's own rule (5 lookups per code lifetime per address, right or wrong), which
    // would lock a whole office out after five logins; wrong codes are limited by the hook below.
    rateLimit: [{ pathMatcher: (path) => path === '/device', window: 60, max: 60 }],
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === '/device/code', handler: checkCodeRequest },
        {
          matcher: (ctx) =>
            ctx.path === '/device' || ctx.path === '/device/approve' || ctx.path === '/device/deny',
          handler: wrongCodeLimit({ database: options.database, now: options.now ?? Date.now }),
        },
        { matcher: (ctx) => ctx.path === '/device/token', handler: token.before },
      ],
      after: [
        { matcher: (ctx) => ctx.path === '/device/code', handler: storeDeviceName },
        { matcher: (ctx) => ctx.path === '/device', handler: describeClaimedCode },
        { matcher: (ctx) => ctx.path === '/device/approve', handler: rememberApprovingOrganization },
        { matcher: (ctx) => ctx.path === '/device/token', handler: token.after },
      ],
    },
  };
}

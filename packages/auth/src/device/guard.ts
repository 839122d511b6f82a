import { waitWords } from '@switchboard/api-client/errors';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { databaseRateLimitStorage } from '../rate-limit';
import { authError } from '../shared/errors';
import { activeOrganizationIdOf, type HookContext, isRecord, type Row } from '../shared/hook-context';
import type { DeviceErrorCode } from './error-codes';
import {
  cleanDeviceName,
  DEVICE_MAX_POLL_INTERVAL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_SLOW_DOWN_STEP_SECONDS,
  normalizeUserCode,
  WRONG_CODE_LIMIT,
} from './user-code';

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

function invalidRequest(description: string): APIError {
  return new APIError('BAD_REQUEST', { error: 'invalid_request', error_description: description });
}

/** The user code a verification call names: `?user_code=` on GET /device, `userCode` in the body else. */
function enteredCode(ctx: HookContext): string | undefined {
  const source = ctx.path === '/device' ? ctx.query : ctx.body;
  const value = isRecord(source) ? (ctx.path === '/device' ? source.user_code : source.userCode) : undefined;
  return typeof value === 'string' ? value : undefined;
}

async function findByUserCode(ctx: HookContext, code: string): Promise<Row | null> {
  const userCode = normalizeUserCode(code);
  if (userCode === '') return null;
  return ctx.context.adapter.findOne<Row>({
    model: 'deviceCode',
    where: [{ field: 'userCode', value: userCode }],
  });
}

/**
 * The additions to better-auth's device authorization plugin (listed before it, so its rate-limit rule
 * for GET /device wins): the device name and approving organization stored with each code, the
 * wrong-code limit, growing intervals after slow_down, and what the new CLI session starts with.
 */
export function deviceLoginGuard(options: DeviceLoginOptions): BetterAuthPlugin {
  const now = options.now ?? Date.now;
  const pollIntervalSeconds = options.pollIntervalSeconds ?? DEVICE_POLL_INTERVAL_SECONDS;
  const counters = databaseRateLimitStorage({ database: options.database, now });
  /** Facts about a code read before /device/token consumes it, for the hook that runs after it. */
  const redeeming = new Map<string, Row>();

  const missKeys = (ctx: HookContext, userId: string | undefined) => {
    const address = ctx.request ? getIP(ctx.request, ctx.context.options) : null;
    const keys: { key: string; max: number }[] = [];
    if (userId) keys.push({ key: `device-code-miss|user:${userId}`, max: WRONG_CODE_LIMIT.perUser });
    if (address) keys.push({ key: `device-code-miss|ip:${address}`, max: WRONG_CODE_LIMIT.perAddress });
    return keys;
  };

  /** Seconds until the window ends when `key` has used up its misses, else null. */
  async function lockedFor(key: string, max: number): Promise<number | null> {
    const result = (await options.database.execute(
      sql`select count, last_request from rate_limit where key = ${key}`,
    )) as { rows: { count: number | string; last_request: number | string }[] };
    const row = result.rows[0];
    if (!row) return null;
    const endsAt = Number(row.last_request) + WRONG_CODE_LIMIT.windowSeconds * 1000;
    if (endsAt <= now() || Number(row.count) < max) return null;
    return Math.max(1, Math.ceil((endsAt - now()) / 1000));
  }

  function tooManyWrongCodes(retryAfterSeconds: number): APIError {
    const code: DeviceErrorCode = 'TOO_MANY_WRONG_CODES';
    return authError(code, `Too many wrong codes. Try again in ${waitWords(retryAfterSeconds)}.`, {
      retryAfterSeconds,
      // Device clients read RFC 8628's fields; the code and message are for people.
      fields: { error: 'slow_down', error_description: 'Too many wrong codes' },
    });
  }

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
        {
          matcher: (ctx) => ctx.path === '/device/code',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isRecord(ctx.body) ? ctx.body : undefined;
            if (!body) return;
            // Pre-binding a code to a user id is for trusted server-side callers, never a device.
            if (body.user_id !== undefined && ctx.request) throw invalidRequest('user_id is not accepted');
            if (body.device_name !== undefined && typeof body.device_name !== 'string')
              throw invalidRequest('device_name must be a string');
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === '/device' || ctx.path === '/device/approve' || ctx.path === '/device/deny',
          handler: createAuthMiddleware(async (ctx) => {
            const code = enteredCode(ctx);
            if (code === undefined) return; // the endpoint's own validation answers
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const keys = missKeys(ctx, session?.user.id);
            for (const { key, max } of keys) {
              const wait = await lockedFor(key, max);
              if (wait !== null) throw tooManyWrongCodes(wait);
            }
            if (await findByUserCode(ctx, code)) return;
            for (const { key, max } of keys)
              await counters.consume(key, { window: WRONG_CODE_LIMIT.windowSeconds, max });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/device/token',
          handler: createAuthMiddleware(async (ctx) => {
            const deviceCode = isRecord(ctx.body) ? ctx.body.device_code : undefined;
            if (typeof deviceCode !== 'string' || deviceCode === '') return;
            const row = await ctx.context.adapter.findOne<Row>({
              model: 'deviceCode',
              where: [{ field: 'deviceCode', value: deviceCode }],
            });
            if (row?.status === 'approved') redeeming.set(deviceCode, row);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/device/code',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const deviceName = cleanDeviceName(isRecord(ctx.body) ? ctx.body.device_name : undefined);
            if (!isRecord(returned) || typeof returned.device_code !== 'string' || !deviceName) return;
            await ctx.context.adapter.update({
              model: 'deviceCode',
              where: [{ field: 'deviceCode', value: returned.device_code }],
              update: { deviceName },
            });
          }),
        },
        {
          // The owner of a claimed code also learns the device's name and when the code expires.
          matcher: (ctx) => ctx.path === '/device',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const code = enteredCode(ctx);
            if (!isRecord(returned) || returned.client_id === undefined || code === undefined) return;
            const row = await findByUserCode(ctx, code);
            if (!row) return;
            const expiresAt = new Date(row.expiresAt as string | Date);
            return ctx.json({
              ...returned,
              user_code: row.userCode,
              device_name: typeof row.deviceName === 'string' ? row.deviceName : null,
              expires_at: expiresAt.toISOString(),
            });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/device/approve',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const code = enteredCode(ctx);
            if (!isRecord(returned) || returned.success !== true || code === undefined) return;
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const organizationId = activeOrganizationIdOf(session?.session);
            if (!organizationId) return;
            await ctx.context.adapter.update({
              model: 'deviceCode',
              where: [{ field: 'userCode', value: normalizeUserCode(code) }],
              update: { organizationId },
            });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/device/token',
          handler: createAuthMiddleware(async (ctx) => {
            const deviceCode = isRecord(ctx.body) ? ctx.body.device_code : undefined;
            if (typeof deviceCode !== 'string') return;
            const approved = redeeming.get(deviceCode);
            redeeming.delete(deviceCode);
            const returned = ctx.context.returned;
            if (returned instanceof APIError) {
              if ((returned.body as Row | undefined)?.error === 'slow_down')
                await slowDown(ctx, deviceCode, pollIntervalSeconds);
              return;
            }
            if (!approved || !isRecord(returned) || typeof returned.access_token !== 'string') return;
            await stampSession(ctx, returned.access_token, approved);
          }),
        },
      ],
    },
  };
}

/** RFC 8628 §3.5: after slow_down the client must wait 5 s longer, this time and every later time. */
async function slowDown(ctx: HookContext, deviceCode: string, pollIntervalSeconds: number): Promise<void> {
  const row = await ctx.context.adapter.findOne<Row>({
    model: 'deviceCode',
    where: [{ field: 'deviceCode', value: deviceCode }],
  });
  if (!row) return;
  const current = Number(row.pollingInterval ?? pollIntervalSeconds * 1000);
  await ctx.context.adapter.update({
    model: 'deviceCode',
    where: [{ field: 'id', value: row.id as string }],
    update: {
      pollingInterval: Math.min(
        current + DEVICE_SLOW_DOWN_STEP_SECONDS * 1000,
        DEVICE_MAX_POLL_INTERVAL_SECONDS * 1000,
      ),
    },
  });
}

/**
 * The new CLI session starts in the organization that was active where it was approved (when the user
 * still belongs to it), and its user agent names the client and device, which is how the
 * connected-devices page tells command-line logins from browsers.
 */
async function stampSession(ctx: HookContext, token: string, approved: Row): Promise<void> {
  const session = await ctx.context.adapter.findOne<Row>({
    model: 'session',
    where: [{ field: 'token', value: token }],
  });
  if (!session) return;
  const update: Row = {};
  const organizationId = approved.organizationId;
  if (typeof organizationId === 'string' && organizationId !== session.activeOrganizationId) {
    const membership = await ctx.context.adapter.findOne({
      model: 'member',
      where: [
        { field: 'userId', value: session.userId as string },
        { field: 'organizationId', value: organizationId },
      ],
    });
    if (membership) update.activeOrganizationId = organizationId;
  }
  const clientId = typeof approved.clientId === 'string' ? approved.clientId : 'device';
  const userAgent = typeof session.userAgent === 'string' ? session.userAgent : '';
  if (!userAgent.startsWith(`${clientId}/`)) {
    const name = cleanDeviceName(approved.deviceName) ?? 'unnamed device';
    update.userAgent = `${clientId}/unknown (${name})${userAgent ? ` ${userAgent}` : ''}`;
  }
  if (Object.keys(update).length === 0) return;
  await ctx.context.adapter.update({
    model: 'session',
    where: [{ field: 'id', value: session.id as string }],
    update,
  });
}

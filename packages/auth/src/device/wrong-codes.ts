import { waitWords } from '@switchboard/api-client/errors';
import { type APIError, createAuthMiddleware, getIP, getSessionFromCtx } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { databaseRateLimitStorage } from '../rate-limit';
import { authError } from '../shared/errors';
import type { HookContext } from '../shared/hook-context';
import { enteredCode, findByUserCode } from './entered-code';
import type { DeviceErrorCode } from './error-codes';
import { WRONG_CODE_LIMIT } from './user-code';

export interface WrongCodeLimitOptions {
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  now: () => number;
}

/**
 * The hook before every call that enters a user code (GET /device, approve, deny): a caller whose
 * wrong codes used up the window's limit, by user or by address, is refused until it ends; a code
 * that names no device counts as a miss.
 */
export function wrongCodeLimit({ database, now }: WrongCodeLimitOptions) {
  const counters = databaseRateLimitStorage({ database, now });

  const missKeys = (ctx: HookContext, userId: string | undefined) => {
    const address = ctx.request ? getIP(ctx.request, ctx.context.options) : null;
    const keys: { key: string; max: number }[] = [];
    if (userId) keys.push({ key: `device-code-miss|user:${userId}`, max: WRONG_CODE_LIMIT.perUser });
    if (address) keys.push({ key: `device-code-miss|ip:${address}`, max: WRONG_CODE_LIMIT.perAddress });
    return keys;
  };

  /** Seconds until the window ends when `key` has used up its misses, else null. */
  async function lockedFor(key: string, max: number): Promise<number | null> {
    const result = (await database.execute(
      sql`select count, last_request from rate_limit where key = ${key}`,
    )) as { rows: { count: number | string; last_request: number | string }[] };
    const row = result.rows[0];
    if (!row) return null;
    const endsAt = Number(row.last_request) + WRONG_CODE_LIMIT.windowSeconds * 1000;
    if (endsAt <= now() || Number(row.count) < max) return null;
    return Math.max(1, Math.ceil((endsAt - now()) / 1000));
  }

  return createAuthMiddleware(async (ctx) => {
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
  });
}

function tooManyWrongCodes(retryAfterSeconds: number): APIError {
  const code: DeviceErrorCode = 'TOO_MANY_WRONG_CODES';
  return authError(code, `Too many wrong codes. Try again in ${waitWords(retryAfterSeconds)}.`, {
    retryAfterSeconds,
    // Device clients read RFC 8628's fields; the code and message are for people.
    fields: { error: 'slow_down', error_description: 'Too many wrong codes' },
  });
}

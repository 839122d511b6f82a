import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { databaseRateLimitStorage } from '../rate-limit';
import { authError } from '../shared/errors';
import { isRecord } from '../shared/hook-context';
import type { SignInLimitErrorCode } from './error-codes';

/**
 * Failed password sign-ins allowed per account within one window, from all addresses together. The
 * per-address limit alone lets someone with many addresses guess one account's password without end.
 */
export const SIGN_IN_FAILURE_LIMIT = { perAccount: 10, windowSeconds: 15 * 60 } as const;

export interface SignInFailureLimitOptions {
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  /** Failures allowed per account and window. @default 10 */
  perAccount?: number;
  /** The window's length; fixed windows, as every limit here. @default 900 (15 minutes) */
  windowSeconds?: number;
  /** @default Date.now */
  now?: () => number;
}

const SIGN_IN_PATH = '/sign-in/email';

/** One counter per address typed, known account or not, so the answer tells nobody which accounts exist. */
export function accountKey(email: string): string {
  return `sign-in-failure|account:${email.trim().toLowerCase()}`;
}

function tooManyFailures(retryAfterSeconds: number): APIError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const code: SignInLimitErrorCode = 'RATE_LIMITED';
  return authError(
    code,
    `Too many failed sign-ins for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds },
  );
}

/**
 * Limits failed email sign-ins per account. Every attempt counts before the password is checked (one
 * atomic statement, so parallel guesses cannot slip past the limit), and a successful sign-in clears
 * the count. Once the window's allowance is used, every attempt for that account, the right password
 * included, is refused with 429 until the window ends; then the owner can sign in again.
 */
export function signInFailureLimit(options: SignInFailureLimitOptions): BetterAuthPlugin {
  const rule = {
    max: options.perAccount ?? SIGN_IN_FAILURE_LIMIT.perAccount,
    window: options.windowSeconds ?? SIGN_IN_FAILURE_LIMIT.windowSeconds,
  };
  const counters = databaseRateLimitStorage({ database: options.database, now: options.now });
  const emailOf = (body: unknown) =>
    isRecord(body) && typeof body.email === 'string' && body.email.trim() !== '' ? body.email : undefined;

  return {
    id: 'switchboard-sign-in-failure-limit',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return; // the endpoint's own validation answers
            const verdict = await counters.consume(accountKey(email), rule);
            if (!verdict.allowed) throw tooManyFailures(verdict.retryAfter ?? rule.window);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            const returned = ctx.context.returned;
            if (!email || returned instanceof APIError) return;
            await options.database.execute(sql`delete from rate_limit where key = ${accountKey(email)}`);
          }),
        },
      ],
    },
  };
}

import { waitWords } from '@switchboard/api-client/errors';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP } from 'better-auth/api';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { authError } from '../shared/errors';
import { isRecord } from '../shared/hook-context';
import { logBetterAuth } from '../shared/logger';
import { SIGN_IN_BACKOFF, type SignInBackoff } from './backoff';
import { signInCounters } from './counters';
import type { SignInLimitErrorCode } from './error-codes';
import {
  isKnownAddress,
  isKnownDevice,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_DAYS,
  normalizedEmail,
  rememberDevice,
} from './known-places';

export { delayAfterFailures, SIGN_IN_BACKOFF } from './backoff';
export { KNOWN_DEVICE_COOKIE } from './known-places';

/** What the owner of an account being guessed at is told (by mail when a mail server is configured). */
export interface SignInAttackNotice {
  email: string;
  name: string;
  /** Failed sign-ins in a row, from all addresses together. */
  failures: number;
  /** Where the last one came from, when known. */
  address: string | null;
}

export interface SignInFailureLimitOptions {
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  /** The free failures and the waits after them. @default SIGN_IN_BACKOFF */
  backoff?: SignInBackoff;
  /** @default Date.now */
  now?: () => number;
  /** Tells an account's owner their password is being guessed; at most once a day per account. */
  onAttack?: (notice: SignInAttackNotice) => Promise<void>;
}

const SIGN_IN_PATH = '/sign-in/email';
/** Where a sign-in with two-factor on completes. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const NOTICE_EVERY_SECONDS = 24 * 60 * 60;

/** One counter per address typed, known account or not, so the answer tells nobody which accounts exist. */
export function accountKey(email: string): string {
  return `sign-in-failure|account:${normalizedEmail(email)}`;
}

export function addressKey(address: string): string {
  return `sign-in-failure|address:${address}`;
}

const noticeKey = (email: string) => `sign-in-notice|account:${normalizedEmail(email)}`;

function tooManyFailures(scope: 'account' | 'address', retryAfterSeconds: number): APIError {
  const code: SignInLimitErrorCode = 'RATE_LIMITED';
  const message =
    scope === 'account'
      ? `Too many failed sign-ins for this account. Try again in ${waitWords(retryAfterSeconds)}, or from a browser you signed in with before.`
      : `Too many failed sign-ins from this address. Try again in ${waitWords(retryAfterSeconds)}.`;
  return authError(code, message, { retryAfterSeconds });
}

/**
 * Slows password guessing without letting it lock the owner out. Failed email sign-ins are counted
 * per account (from every address together) and per client address; past a few free failures each
 * further attempt must wait, twice as long each time, up to 15 minutes (backoff.ts). A refused
 * attempt is not counted, so the wait never grows while someone hammers; it ends on its own.
 *
 * The owner's usual places are not held: a browser that signed in to the account before (it carries
 * the known-device cookie set at each successful sign-in) skips both waits, and an address the account
 * holds a session from skips the account's. So a stranger guessing from anywhere cannot keep the owner
 * out, and the owner is told by mail once the guessing passes the free failures.
 */
export function signInFailureLimit(options: SignInFailureLimitOptions): BetterAuthPlugin {
  const backoff = options.backoff ?? SIGN_IN_BACKOFF;
  const counters = signInCounters(options.database, options.now ?? Date.now, backoff);
  /** The sign-in requests counted against their account: only those clear its count when they succeed. */
  const counted = new WeakSet<Request>();
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
            if (isKnownDevice(ctx.getCookie(KNOWN_DEVICE_COOKIE), ctx.context.secret, email)) return;
            const address = getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options);
            if (address) {
              const fromAddress = await counters.attempt(addressKey(address), backoff.freeFailuresPerAddress);
              if (!fromAddress.allowed) throw tooManyFailures('address', fromAddress.retryAfterSeconds);
            }
            const forAccount = await counters.attempt(accountKey(email), backoff.freeFailuresPerAccount);
            if (forAccount.allowed) {
              if (ctx.request) counted.add(ctx.request);
            } else if (!(await isKnownAddress(options.database, email, address))) {
              throw tooManyFailures('account', forAccount.retryAfterSeconds);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            const returned = ctx.context.returned;
            if (!email) return;
            const address = getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options);
            if (!(returned instanceof APIError)) {
              // A success clears the counts it was counted in. The owner's known places were not
              // counted, and their signing in says nothing about the guessing going on elsewhere.
              if (!ctx.request || counted.has(ctx.request)) {
                await counters.clear(accountKey(email));
                if (address) await counters.clear(addressKey(address));
              }
              // With two-factor sign-in on, the browser becomes known once the second factor is given.
              if (ctx.context.newSession) rememberThisBrowser(ctx, email);
              return;
            }
            if (returned.statusCode !== 401 || !options.onAttack) return;
            const failures = await counters.failures(accountKey(email));
            if (failures < backoff.freeFailuresPerAccount) return;
            const found = await ctx.context.internalAdapter.findUserByEmail(normalizedEmail(email));
            if (!found || !(await counters.firstIn(noticeKey(email), NOTICE_EVERY_SECONDS))) return;
            const notice = { email: found.user.email, name: found.user.name, failures, address };
            // Not awaited: the guesser must not be able to tell from the answer's timing.
            options.onAttack(notice).catch((error: unknown) => {
              logBetterAuth('error', 'The sign-in attack notice was not sent', error);
            });
          }),
        },
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (signedIn) rememberThisBrowser(ctx, signedIn.user.email);
          }),
        },
      ],
    },
  };
}

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Marks the browser of a successful sign-in as one of the account's known places. */
function rememberThisBrowser(ctx: AfterHookContext, email: string) {
  ctx.setCookie(
    KNOWN_DEVICE_COOKIE,
    rememberDevice(ctx.getCookie(KNOWN_DEVICE_COOKIE), ctx.context.secret, email),
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.context.baseURL.startsWith('https:'),
      path: '/',
      maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    },
  );
}

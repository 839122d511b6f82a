import { randomUUID } from 'node:crypto';
import type { BetterAuthRateLimitStorage } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Rows whose window began longer ago than this are deleted now and then. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Sign-in and sign-up are limited per client address, everything else generously. The counters live in
 * the database, so every server process behind a load balancer shares them.
 */
export const RATE_LIMIT_RULES = {
  window: 60,
  max: 600,
  customRules: {
    '/sign-in/*': { window: 60, max: 20 },
    '/sign-up/*': { window: 60, max: 20 },
  },
} as const;

/** The rules with another sign-in and sign-up allowance per client address and minute. */
export function rateLimitRules(signInAttempts: number = RATE_LIMIT_RULES.customRules['/sign-in/*'].max) {
  return {
    ...RATE_LIMIT_RULES,
    customRules: {
      '/sign-in/*': { window: 60, max: signInAttempts },
      '/sign-up/*': { window: 60, max: signInAttempts },
    },
  };
}

export interface RateLimitStorageOptions {
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  /** @default Date.now */
  now?: () => number;
}

/**
 * Fixed-window counters in the `rate_limit` table, shared by every server process. better-auth's own
 * database storage moves the window with every allowed request, so steady traffic from one address (an
 * office behind one NAT, a CI run signing up user after user) never sees it reset: here a window
 * starts with its first request and ends `window` seconds later, whatever happens in between.
 *
 * One INSERT … ON CONFLICT does the check and the increment, so concurrent requests cannot slip past.
 * The table keeps better-auth's column names; `last_request` holds the start of the current window.
 */
export function databaseRateLimitStorage(options: RateLimitStorageOptions): BetterAuthRateLimitStorage {
  const now = options.now ?? Date.now;
  let prunedAt = 0;
  return {
    async consume(key, rule) {
      const at = now();
      const windowStartedBefore = at - rule.window * 1000;
      const result = (await options.database.execute(sql`
        insert into rate_limit (id, key, count, last_request)
        values (${randomUUID()}, ${key}, 1, ${at})
        on conflict (key) do update set
          count = case when rate_limit.last_request <= ${windowStartedBefore} then 1 else rate_limit.count + 1 end,
          last_request = case
            when rate_limit.last_request <= ${windowStartedBefore} then excluded.last_request
            else rate_limit.last_request
          end
        returning count, last_request`)) as {
        rows: { count: number | string; last_request: number | string }[];
      };
      if (at - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = at;
        await options.database.execute(
          sql`delete from rate_limit where last_request < ${at - STALE_AFTER_MS}`,
        );
      }
      const row = result.rows[0];
      const count = Number(row?.count ?? 1);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      const windowEnds = Number(row?.last_request ?? at) + rule.window * 1000;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowEnds - at) / 1000)) };
    },
  };
}

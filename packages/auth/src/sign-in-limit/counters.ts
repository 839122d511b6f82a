import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { SIGN_IN_BACKOFF, type SignInBackoff } from './backoff';

// biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
type Database = PgDatabase<PgQueryResultHKT, any>;

export type AttemptVerdict =
  | { allowed: true; failures: number }
  | { allowed: false; retryAfterSeconds: number };

interface Row {
  count: number | string;
  last_request: number | string;
}

/**
 * Failure counters for sign-in keys, in the `rate_limit` table every server process shares: `count` is
 * the failures so far, `last_request` when the last one began. An attempt is counted before the
 * password is checked and forgotten again when it succeeds, so parallel guesses cannot slip past.
 */
export function signInCounters(
  database: Database,
  now: () => number,
  backoff: SignInBackoff = SIGN_IN_BACKOFF,
) {
  const waitSql = (free: number) =>
    sql`least(${backoff.maxDelaySeconds * 1000}::bigint,
              (${backoff.firstDelaySeconds * 1000} * power(2, least(greatest(rate_limit.count - ${free}, 0), 30)))::bigint)`;
  const forgetMs = backoff.forgetAfterSeconds * 1000;

  return {
    /**
     * Counts an attempt on `key` if its wait is over (one statement: the check and the count cannot
     * be split by a parallel attempt). A key quiet for a day starts from nothing.
     */
    async attempt(key: string, free: number): Promise<AttemptVerdict> {
      const at = now();
      const counted = (await database.execute(sql`
        insert into rate_limit (id, key, count, last_request)
        values (${randomUUID()}, ${key}, 1, ${at})
        on conflict (key) do update set
          count = case when rate_limit.last_request <= ${at - forgetMs} then 1 else rate_limit.count + 1 end,
          last_request = excluded.last_request
        where rate_limit.count < ${free}
           or rate_limit.last_request <= ${at - forgetMs}
           or rate_limit.last_request + ${waitSql(free)} <= ${at}
        returning count`)) as { rows: Pick<Row, 'count'>[] };
      const row = counted.rows[0];
      if (row) return { allowed: true, failures: Number(row.count) };
      const held = (await database.execute(sql`
        select rate_limit.last_request + ${waitSql(free)} - ${at} as wait
        from rate_limit where key = ${key}`)) as { rows: { wait: number | string }[] };
      const waitMs = Number(held.rows[0]?.wait ?? 1000);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /** The failures `key` has now. */
    async failures(key: string): Promise<number> {
      const found = (await database.execute(sql`select count from rate_limit where key = ${key}`)) as {
        rows: Pick<Row, 'count'>[];
      };
      return Number(found.rows[0]?.count ?? 0);
    },

    /** Forgets the failures of `key`: its attempt succeeded. */
    async clear(key: string): Promise<void> {
      await database.execute(sql`delete from rate_limit where key = ${key}`);
    },

    /** True at most once per `everySeconds` for `key`: whether to send a notice now. */
    async firstIn(key: string, everySeconds: number): Promise<boolean> {
      const at = now();
      const marked = (await database.execute(sql`
        insert into rate_limit (id, key, count, last_request)
        values (${randomUUID()}, ${key}, 1, ${at})
        on conflict (key) do update set count = rate_limit.count + 1, last_request = excluded.last_request
        where rate_limit.last_request <= ${at - everySeconds * 1000}
        returning count`)) as { rows: unknown[] };
      return marked.rows.length > 0;
    },
  };
}

export type SignInCounters = ReturnType<typeof signInCounters>;

import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

export interface CountingDatabase {
  /** The same database, through a drizzle instance that notes every statement it sends. */
  db: Database;
  /** Every statement sent since the last `clear()`, in order. */
  statements: string[];
  clear(): void;
}

/**
 * A second handle on a running server's database that records each statement, transactions
 * included: for tests that hold a piece of code to a number of round trips. The server's own
 * handle is left as it is.
 */
export function countingDatabase(handle: DatabaseHandle): CountingDatabase {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db =
    handle.kind === 'pglite'
      ? drizzlePglite(handle.db.$client, { schema, logger })
      : (drizzlePostgres(handle.db.$client as never, { schema, logger }) as unknown as Database);
  return {
    db,
    statements,
    clear: () => {
      statements.length = 0;
    },
  };
}

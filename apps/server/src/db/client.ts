import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createMemoryBus, type DomainEvent, type EventBus } from '../events/bus';
import { createPostgresBus } from '../events/postgres-bus';
import { MIGRATIONS_FOLDER } from '../locations';
import { seedFolder } from './pglite-seed';
import * as schema from './schema';
import { parsingTextOnce } from './text-parsers';
import { DatabaseTurns, takingTurns } from './turns';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

/** A transaction of the database: what runChange's work and every `…Within` step write through. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Answers whether the database still responds. */
  ping(): Promise<boolean>;
  /** In-memory events for PGlite (one process); LISTEN/NOTIFY for PostgreSQL (any number). */
  createEventBus(
    loadEvent: (organizationId: string, id: string) => Promise<DomainEvent | undefined>,
  ): Promise<EventBus>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `seed`: the folder of an empty migrated database a new data folder starts from (pglite-seed.ts). */
  | { dataDir: string; seed?: string };

// A constant key so concurrent server processes serialise their migrations.
const MIGRATION_LOCK_KEY = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', (error) => console.error('[db] idle client error:', error.message));
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      createEventBus: (loadEvent) => createPostgresBus({ databaseUrl: options.databaseUrl, pool, loadEvent }),
      close: () => pool.end(),
    };
  }

  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  if (options.seed) seedFolder(folder, options.seed, MIGRATIONS_FOLDER);
  const client = await PGlite.create(folder);
  const db = drizzlePglite(takingTurns(parsingTextOnce(client), new DatabaseTurns()), { schema });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // Straight to the client, not through the turns: health waits for no organization's line.
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    createEventBus: async () => createMemoryBus(),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

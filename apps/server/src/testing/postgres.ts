import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrationsFingerprint } from '../db/pglite-seed';
import { MIGRATIONS_FOLDER } from '../locations';

/** Serialises the building of a template among every process using the same PostgreSQL server. */
const TEMPLATE_LOCK_KEY = 727_274_002;

/** The template made from these migrations, per admin URL, once per process. */
const templates = new Map<string, Promise<string>>();

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * An empty database holding exactly the committed migrations, which scratch databases are copied from:
 * a copy is one statement, running the migrations on every scratch database took longer than most test
 * files' own work. Named after the migrations' fingerprint, so a change to them makes a new template;
 * built under another name and renamed once whole, so a failed build is never used.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `sb_template_${migrationsFingerprint(MIGRATIONS_FOLDER).slice(0, 16)}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      try {
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

function templateFor(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = migratedTemplate(adminUrl);
    // A failed build is not remembered: the next scratch database tries again.
    template.catch(() => templates.delete(adminUrl));
    templates.set(adminUrl, template);
  }
  return template;
}

/**
 * Creates a throwaway database on the PostgreSQL server named by `adminUrl`, already migrated, so every
 * test server starts empty (its own migrations then find nothing left to do), and drops it afterwards.
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await templateFor(adminUrl);
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

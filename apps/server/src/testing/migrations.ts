import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedMatches } from '../db/pglite-seed';
import { MIGRATIONS_FOLDER, PGLITE_SEED } from '../locations';

async function apply(db: PGlite, tag: string) {
  const sql = readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) await db.exec(statement);
}

/**
 * An in-memory database as initdb leaves it, before any migration. Making one runs initdb inside
 * WebAssembly, seconds of processor; the build's seed already holds one: its template1, the empty
 * database initdb copies every other from, which the seed's migrations never touched. So with a
 * current seed, its folder is loaded into memory (the seed itself is only read) and template1 opened;
 * without one, a new database is made.
 */
function databaseBeforeMigrations(): PGlite {
  if (!seedMatches(PGLITE_SEED, MIGRATIONS_FOLDER)) return new PGlite();
  const tarball = execFileSync('tar', ['-C', PGLITE_SEED, '--format=ustar', '-cf', '-', '.'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return new PGlite({ loadDataDir: new Blob([tarball]), database: 'template1' });
}

/**
 * One committed migration under test, in the calling describe block, on an in-memory database: the
 * migrations before it are applied, then `rowsBefore` (SQL writing rows as they were then), then
 * this one; the tests read what became of the rows. `name` is the tag without its number, which a
 * merge may change.
 */
export function useMigration(name: string, rowsBefore: string): PGlite {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tags = journal.entries.map((entry) => entry.tag);
  const index = tags.findIndex((tag) => tag.endsWith(`_${name}`));
  const db = databaseBeforeMigrations();

  beforeAll(async () => {
    for (const tag of tags.slice(0, index)) await apply(db, tag);
    await db.exec(rowsBefore);
    await apply(db, tags[index] as string);
    // Thirty-odd migrations on an in-memory database: seconds, more on a loaded machine.
  }, 120_000);
  afterAll(() => db.close());

  it('is in the journal', () => {
    expect(index).toBeGreaterThan(0);
  });
  return db;
}

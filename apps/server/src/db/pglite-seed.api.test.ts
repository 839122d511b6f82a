import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_SEED } from '../locations';
import { openDatabase } from './client';
import { holdsDatabase, migrationsFingerprint, seedMatches, writeSeed } from './pglite-seed';

let scratch: string;
let seed: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'switchboard-seed-test-'));
  // The tests only read the seed, so they take the build's (writeSeed made it) when it holds these
  // migrations, as after `pnpm test`'s build: writing one runs the embedded database's initdb and every
  // migration, most of this file's time. Without a current build, one is written here.
  if (seedMatches(PGLITE_SEED, MIGRATIONS_FOLDER)) {
    seed = PGLITE_SEED;
  } else {
    seed = join(scratch, 'seed');
    await writeSeed(seed, MIGRATIONS_FOLDER);
  }
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const count = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;

describe('the embedded database seed', () => {
  it('starts a new data folder migrated, and the migrations find nothing left to do', async () => {
    const dataDir = join(scratch, 'fresh');
    const database = await openDatabase({ dataDir, seed });
    try {
      expect(holdsDatabase(join(dataDir, 'pglite'))).toBe(true);
      const applied = await count(database);
      expect((applied[0] as { n: number }).n).toBeGreaterThan(0);
      await database.migrate();
      expect(await count(database)).toEqual(applied);
      const tables = await database.db.execute("select to_regclass('public.task') as task");
      expect((tables.rows[0] as { task: string | null }).task).toBe('task');
      await database.db.execute("insert into \"user\" (id, name, email) values ('u1', 'Ada', 'ada@x.test')");
    } finally {
      await database.close();
    }
    // The copy is the data folder's own: what it wrote never reaches the seed.
    const another = await openDatabase({ dataDir: join(scratch, 'another'), seed });
    try {
      const users = await another.db.execute('select count(*)::int as n from "user"');
      expect(users.rows).toEqual([{ n: 0 }]);
    } finally {
      await another.close();
    }
  });

  it('is not used for other migrations than the ones it holds', () => {
    const otherMigrations = join(scratch, 'other-migrations');
    cpSync(MIGRATIONS_FOLDER, otherMigrations, { recursive: true });
    writeFileSync(join(otherMigrations, '9999_later.sql'), 'create table later (id int);');
    expect(migrationsFingerprint(otherMigrations)).not.toBe(migrationsFingerprint(MIGRATIONS_FOLDER));
    expect(seedMatches(seed, otherMigrations)).toBe(false);
    expect(seedMatches(seed, MIGRATIONS_FOLDER)).toBe(true);
    expect(seedMatches(join(scratch, 'missing'), MIGRATIONS_FOLDER)).toBe(false);
  });

  it('leaves a folder that already holds a database as it is', async () => {
    const dataDir = join(scratch, 'existing');
    const first = await openDatabase({ dataDir, seed });
    await first.db.execute('create table kept (id int)');
    await first.close();
    const again = await openDatabase({ dataDir, seed });
    try {
      const kept = await again.db.execute("select to_regclass('public.kept') as kept");
      expect((kept.rows[0] as { kept: string | null }).kept).toBe('kept');
    } finally {
      await again.close();
    }
  });
});

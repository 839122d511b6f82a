import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../locations';
import { openDatabase } from './client';
import { holdsDatabase, migrationsFingerprint, readSeed, writeSeed } from './pglite-seed';

let scratch: string;
let seedFile: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'switchboard-seed-test-'));
  seedFile = join(scratch, 'seed.tar.gz');
  await writeSeed(seedFile, MIGRATIONS_FOLDER);
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the embedded database seed', () => {
  it('starts a new data folder migrated, and the migrations find nothing left to do', async () => {
    const dataDir = join(scratch, 'fresh');
    const database = await openDatabase({ dataDir, seedFile });
    try {
      expect(holdsDatabase(join(dataDir, 'pglite'))).toBe(true);
      const applied = await database.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect((applied.rows[0] as { n: number }).n).toBeGreaterThan(0);
      await database.migrate();
      const after = await database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(after.rows).toEqual(applied.rows);
      const tables = await database.db.execute("select to_regclass('public.task') as task");
      expect((tables.rows[0] as { task: string | null }).task).toBe('task');
    } finally {
      await database.close();
    }
  });

  it('is not used for other migrations than the ones it holds', () => {
    const otherMigrations = join(scratch, 'other-migrations');
    cpSync(MIGRATIONS_FOLDER, otherMigrations, { recursive: true });
    writeFileSync(join(otherMigrations, '9999_later.sql'), 'create table later (id int);');
    expect(migrationsFingerprint(otherMigrations)).not.toBe(migrationsFingerprint(MIGRATIONS_FOLDER));
    expect(readSeed(seedFile, otherMigrations)).toBeUndefined();
    expect(readSeed(seedFile, MIGRATIONS_FOLDER)).toBeInstanceOf(Blob);
    expect(readSeed(join(scratch, 'missing.tar.gz'), MIGRATIONS_FOLDER)).toBeUndefined();
  });

  it('leaves a folder that already holds a database as it is', async () => {
    const dataDir = join(scratch, 'existing');
    const first = await openDatabase({ dataDir, seedFile });
    await first.db.execute('create table kept (id int)');
    await first.close();
    const again = await openDatabase({ dataDir, seedFile });
    try {
      const kept = await again.db.execute("select to_regclass('public.kept') as kept");
      expect((kept.rows[0] as { kept: string | null }).kept).toBe('kept');
    } finally {
      await again.close();
    }
  });
});

import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A fresh embedded database spends most of its first start in initdb, which runs inside WebAssembly.
 * The build makes one empty, migrated database once and keeps its folder; a new data folder starts as
 * a plain file copy of it (PGlite's own tarball loading writes every file through its WebAssembly file
 * system, several times slower). The seed names the migrations it holds, so a seed from older
 * migrations is never used: the folder is then initialised the slow way, and the migrations run as
 * always.
 */

/** The fingerprint of a migrations folder: every file's name and bytes. */
export function migrationsFingerprint(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) {
        hash.update(path.slice(migrationsFolder.length)).update('\u0000').update(readFileSync(path));
      } else if (!name.includes('.')) {
        walk(path);
      }
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex');
}

const fingerprintFileOf = (seedFolder: string) => `${seedFolder}.fingerprint`;

/** True when `seedFolder` holds a database made from exactly these migrations. */
export function seedMatches(seedFolder: string, migrationsFolder: string): boolean {
  const fingerprintFile = fingerprintFileOf(seedFolder);
  if (!holdsDatabase(seedFolder) || !existsSync(fingerprintFile)) return false;
  return readFileSync(fingerprintFile, 'utf8').trim() === migrationsFingerprint(migrationsFolder);
}

/** True when `folder` already holds a database (PGlite would open it rather than create one). */
export function holdsDatabase(folder: string): boolean {
  return existsSync(join(folder, 'PG_VERSION'));
}

/**
 * Starts an empty `folder` as a copy of the seed when the seed matches the migrations; answers whether
 * it did. A folder that already holds a database is never touched.
 */
export function seedFolder(folder: string, seed: string, migrationsFolder: string): boolean {
  if (holdsDatabase(folder) || !seedMatches(seed, migrationsFolder)) return false;
  cpSync(seed, folder, { recursive: true });
  return true;
}

/** Makes the seed: a database in `seed`, migrated and closed cleanly, beside its fingerprint. */
export async function writeSeed(seed: string, migrationsFolder: string): Promise<void> {
  rmSync(seed, { recursive: true, force: true });
  rmSync(fingerprintFileOf(seed), { force: true });
  const client = await PGlite.create(seed);
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  writeFileSync(fingerprintFileOf(seed), `${migrationsFingerprint(migrationsFolder)}\n`);
}

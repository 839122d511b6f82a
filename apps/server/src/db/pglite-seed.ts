import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A fresh embedded database spends most of its first start in initdb, which runs inside WebAssembly.
 * The build makes one empty, migrated database once and keeps it as a tarball; a new data folder starts
 * from a copy of it instead. The tarball names the migrations it holds, so a seed from older migrations
 * is never used (the folder is then initialised the slow way, and the migrations run as always).
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

const fingerprintFileOf = (seedFile: string) => `${seedFile}.fingerprint`;

/** The seed as PGlite loads it, when it exists and holds exactly these migrations. */
export function readSeed(seedFile: string, migrationsFolder: string): Blob | undefined {
  const fingerprintFile = fingerprintFileOf(seedFile);
  if (!existsSync(seedFile) || !existsSync(fingerprintFile)) return undefined;
  if (readFileSync(fingerprintFile, 'utf8').trim() !== migrationsFingerprint(migrationsFolder))
    return undefined;
  return new Blob([readFileSync(seedFile)]);
}

/** True when `folder` already holds a database (PGlite would open it rather than create one). */
export function holdsDatabase(folder: string): boolean {
  return existsSync(join(folder, 'PG_VERSION'));
}

/** Makes the seed: a throwaway database, migrated, dumped as a gzipped tarball beside its fingerprint. */
export async function writeSeed(seedFile: string, migrationsFolder: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'switchboard-seed-'));
  try {
    const client = await PGlite.create(join(scratch, 'pglite'));
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    mkdirSync(dirname(seedFile), { recursive: true });
    writeFileSync(seedFile, Buffer.from(await dump.arrayBuffer()));
    writeFileSync(fingerprintFileOf(seedFile), `${migrationsFingerprint(migrationsFolder)}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

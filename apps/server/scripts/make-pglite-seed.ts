// Writes dist/pglite-seed (an empty migrated database): see src/db/pglite-seed.ts. Run by build.mjs.
import { writeSeed } from '../src/db/pglite-seed';
import { MIGRATIONS_FOLDER, PGLITE_SEED } from '../src/locations';

await writeSeed(PGLITE_SEED, MIGRATIONS_FOLDER);

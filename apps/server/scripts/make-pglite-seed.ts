// Writes dist/pglite-seed.tar.gz: see src/db/pglite-seed.ts. Run by build.mjs.
import { writeSeed } from '../src/db/pglite-seed';
import { MIGRATIONS_FOLDER, PGLITE_SEED_FILE } from '../src/locations';

await writeSeed(PGLITE_SEED_FILE, MIGRATIONS_FOLDER);

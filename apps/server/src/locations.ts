/**
 * Files the server reads beside its code. Resolved from this module, which sits one folder below
 * apps/server both as source (src/locations.ts) and in the bundle (dist/main.mjs), so the same relative
 * paths hold whether the server runs from TypeScript or from its build.
 */
const from = (relative: string) => new URL(relative, import.meta.url).pathname;

/** The migrations drizzle-kit generates from src/db/schema.ts (committed). */
export const MIGRATIONS_FOLDER = from('../drizzle');

/** The built web app the server hands out unless WEB_DIR names another. */
export const DEFAULT_WEB_DIR = from('../../web/dist');

/** An empty, fully migrated embedded database made by the build, copied into a fresh data folder. */
export const PGLITE_SEED = from('../dist/pglite-seed');

// Which API and integration test files run on PostgreSQL as well as on PGlite.
//
// PGlite is PostgreSQL compiled to WebAssembly, so SQL means the same on both: a file that only sends
// requests and reads answers learns nothing new from a second run. What differs is around the SQL:
// PGlite has one connection (writers never overlap, locks never wait), its events travel in memory
// instead of LISTEN/NOTIFY, its driver turns values (JSON, timestamps, numbers, NUL) into JavaScript
// its own way, and a PostgreSQL cluster may sort and compare text under another collation. A file whose
// subject is one of those says so in a line comment of its own, naming the reason:
//
//   // Dialect-sensitive: two agents claim one task at once, so the row lock decides.
//
// `pnpm test` runs every file on PGlite and only these files again on PostgreSQL. Any file still runs
// on PostgreSQL by hand: TEST_DATABASE=postgres pnpm exec vitest run --project api path/to/file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const DIALECT_SENSITIVE_MARKER = /^\/\/ Dialect-sensitive: \S/m;

/** The folders of the `api` vitest project, and how its test files end. */
const API_TEST_FOLDERS = [
  { folder: 'apps/server/src', ending: '.api.test.ts' },
  { folder: 'tests/integration', ending: '.test.ts' },
];

/** A file that asks which database it runs on has something to check on each, so it must be marked. */
const ASKS_FOR_DATABASE = /\bselectedTestDatabase\(/;

/**
 * The API and integration test files (relative to `root`, sorted) that carry the marker. Throws for a
 * file that asks which database it runs on without the marker: its PostgreSQL-only tests would never
 * run.
 */
export function dialectSensitiveTestFiles(root) {
  const marked = [];
  const unmarked = [];
  for (const { folder, ending } of API_TEST_FOLDERS) {
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith(ending) || name.includes('node_modules')) continue;
      const path = join(root, folder, name);
      const text = readFileSync(path, 'utf8');
      if (DIALECT_SENSITIVE_MARKER.test(text)) marked.push(relative(root, path));
      else if (ASKS_FOR_DATABASE.test(text)) unmarked.push(relative(root, path));
    }
  }
  if (unmarked.length > 0) {
    throw new Error(
      `${unmarked.join(', ')} ask which database they run on but carry no "// Dialect-sensitive: <reason>" line, so PostgreSQL would never run them`,
    );
  }
  return marked.sort();
}

// Builds the server for `pnpm start`: `node build.mjs` -> dist/main.mjs (the server, the workspace
// packages and their dependencies in one ES module) and dist/pglite-seed/ (an empty migrated
// embedded database for new data folders). Running from one bundle spares every start the TypeScript
// transpiling tsx would do and the resolving and reading of a thousand module files.
// `--outfile <file>` bundles elsewhere (tests that run the server as its own process bundle into a file of
// their own in dist/, the folder depth locations.ts counts on); `--no-seed` leaves the seed as it is.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const here = (relative) => new URL(relative, import.meta.url).pathname;
const outfileFlag = process.argv.indexOf('--outfile');
const outfile = outfileFlag === -1 ? here('./dist/main.mjs') : resolve(process.argv[outfileFlag + 1]);

/**
 * Left to Node: PGlite loads its WebAssembly and data files from beside its own module, and pg's
 * optional native binding is not installed.
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'];

await rm(outfile, { force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: EXTERNAL,
  logLevel: 'warning',
  // CommonJS dependencies call require() for Node built-ins; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __sbCreateRequire } from 'node:module'; const require = __sbCreateRequire(import.meta.url);",
  },
});

// The seed is made by the server's own code, so it holds exactly what its migrations create.
if (process.argv.includes('--no-seed')) process.exit(0);
const seeded = spawnSync(process.execPath, ['--import', 'tsx', here('./scripts/make-pglite-seed.ts')], {
  cwd: here('.'),
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

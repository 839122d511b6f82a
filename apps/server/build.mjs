// Builds the server for `pnpm start`: `node build.mjs` -> dist/main.mjs (the server, the workspace
// packages and their dependencies in one ES module) and dist/pglite-seed/ (an empty migrated
// embedded database for new data folders). Running from one bundle spares every start the TypeScript
// transpiling tsx would do and the resolving and reading of a thousand module files. Run it through
// scripts/server-build.mjs, which builds only when the sources changed and one builder at a time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = (relative) => new URL(relative, import.meta.url).pathname;

/**
 * Left to Node: PGlite loads its WebAssembly and data files from beside its own module, and pg's
 * optional native binding is not installed.
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'];

// Written beside their places and renamed into them, so a server starting from dist/main.mjs while
// the build runs gets the old bundle or the new one, never half of one.
const { outputFiles } = await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/main.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: EXTERNAL,
  logLevel: 'warning',
  write: false,
  // CommonJS dependencies call require() for Node built-ins; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __sbCreateRequire } from 'node:module'; const require = __sbCreateRequire(import.meta.url);",
  },
});
// The source map first: the bundle names it.
const isMap = (file) => file.path.endsWith('.map');
mkdirSync(here('./dist'), { recursive: true });
for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}

// The seed is made by the server's own code, so it holds exactly what its migrations create.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', here('./scripts/make-pglite-seed.ts')], {
  cwd: here('.'),
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

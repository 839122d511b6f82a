// Bundles the CLI into one ESM file for Node 20+: `node build.mjs` -> dist/switchboard.js.
import { chmod, readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const outfile = new URL('./dist/switchboard.js', import.meta.url).pathname;
const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'external',
  // Commander and other CommonJS dependencies call require() for Node built-ins; an ESM bundle has
  // no require of its own, so give it one.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __sbCreateRequire } from 'node:module';",
      'const require = __sbCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  define: { __SWITCHBOARD_CLI_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});

// Runnable as ./dist/switchboard.js too, not only through the bin link a package manager makes.
await chmod(outfile, 0o755);

// Bundles the CLI for Node 20+: `node build.mjs [outdir]` -> dist/switchboard.js plus lazily loaded
// chunks. Every runtime dependency is bundled, so the published package has no dependencies to install.
// Tests pass their own outdir, so parallel test files never overwrite each other's bundle.
import { chmod, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const distDir = `${resolve(process.argv[2] ?? new URL('./dist/', import.meta.url).pathname)}/`;
const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));

/** Ink imports react-devtools-core only when DEV=true; it is a development tool, not shipped. */
const noDevtools = {
  name: 'no-react-devtools',
  setup(context) {
    context.onResolve({ filter: /^react-devtools-core$/ }, () => ({
      path: 'react-devtools-core',
      namespace: 'stub',
    }));
    context.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: 'export default { initialize() {}, connectToDevTools() {} };',
      loader: 'js',
    }));
  },
};

// Stale chunks from an earlier build would ship in the package.
await rm(distDir, { recursive: true, force: true });

await build({
  entryPoints: { switchboard: new URL('./src/main.ts', import.meta.url).pathname },
  outdir: distDir,
  // Each command (and Ink, React, the MCP SDK) becomes its own chunk, loaded only when needed:
  // `--help` and `--version` parse little more than commander.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'external',
  jsx: 'automatic',
  plugins: [noDevtools],
  // Commander and other CommonJS dependencies call require() for Node built-ins; ESM output has no
  // require of its own, so every file gets one. Node accepts a hashbang at the top of any module.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __sbCreateRequire } from 'node:module';",
      'const require = __sbCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  define: {
    __SWITCHBOARD_CLI_VERSION__: JSON.stringify(pkg.version),
    // React's production build: smaller and faster than its development build.
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'warning',
});

// Runnable as ./dist/switchboard.js too, not only through the bin link a package manager makes.
await chmod(`${distDir}switchboard.js`, 0o755);

// Replaced by the package version at build time (build.mjs `define`), so the bundle never reads
// package.json at run time. Unbundled runs (tests through tsx/vitest) see the fallback.
declare const __SWITCHBOARD_CLI_VERSION__: string | undefined;

export const CLI_VERSION: string =
  typeof __SWITCHBOARD_CLI_VERSION__ === 'string' ? __SWITCHBOARD_CLI_VERSION__ : '0.0.0-dev';

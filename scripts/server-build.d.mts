// The types of server-build.mjs for the TypeScript that imports it (the tests' server-bundle.ts).

/** The bundle `node <it>` starts the server from. */
export const SERVER_BUNDLE: string;

/** Builds the server when stale; resolves to whether it built, rejects when the build fails. */
export function buildServerIfStale(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;

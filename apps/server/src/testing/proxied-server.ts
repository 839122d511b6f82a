import { afterAll, beforeAll } from 'vitest';
import { selectedTestDatabase, startTestServer, type TestServer, type TestServerOptions } from './harness';
import { SHARED_SERVER_FOLDER_VARIABLE } from './shared-server-folder';

const OPTIONS = {
  env: {
    // The test client connects from loopback: trusted as a proxy, the X-Forwarded-For a test sends is
    // the address its request comes from.
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    // Sign-ups and sign-ins sent without an address all come from loopback, from every file here.
    SIGN_IN_RATE_LIMIT: '100000',
  },
} satisfies TestServerOptions;

/** The server this process's files behind a proxy share, once one has asked for it. */
let shared: Promise<TestServer> | undefined;

function sharedProxiedServer(): Promise<TestServer> {
  if (!shared) {
    // Removed with the run (shared-server-folder.ts), as the worker's other shared server.
    shared = startTestServer({ ...OPTIONS, dataParent: process.env[SHARED_SERVER_FOLDER_VARIABLE] });
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/**
 * A server whose clients each claim their address with X-Forwarded-For, for files about limits per
 * client address (better-auth's on password resets, email changes, two-factor codes), taken before
 * the file's tests and let go after them. On PGlite the worker's files share one, as they share the
 * plain one (harness.ts): a file signs up its own people, never restarts or closes the server, and
 * claims addresses no other file here claims (each names its range). On PostgreSQL a file has one of
 * its own. Its fields are filled in once the tests begin, so read them inside hooks and tests.
 */
export function useProxiedServer(): { server: TestServer } {
  const fixture = {} as { server: TestServer };
  let own: TestServer | undefined;
  beforeAll(async () => {
    if (selectedTestDatabase() === 'pglite') {
      fixture.server = await sharedProxiedServer();
    } else {
      own = await startTestServer(OPTIONS);
      fixture.server = own;
    }
  });
  afterAll(async () => {
    await own?.close();
  });
  return fixture;
}

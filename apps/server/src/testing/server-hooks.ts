import { afterAll, beforeAll } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from './fake-smtp';
import { serverForFile, startTestServer, type TestServer, type TestServerOptions } from './harness';

/**
 * A server for one test file or describe block, taken before its tests and let go after them: without
 * options the worker's shared one (serverForFile; the file then works only in organizations it signs
 * up, and never restarts or closes it), with options one of its own. Its fields are filled in once the
 * tests begin, so read them inside hooks and tests.
 */
export function useTestServer(options?: TestServerOptions): { server: TestServer } {
  const fixture = {} as { server: TestServer };
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server: fixture.server, release } = await serverForFile(options));
  });
  afterAll(async () => {
    await release?.();
  });
  return fixture;
}

export interface ServerWithMailServer {
  server: TestServer;
  /** The mail server the server sends through; what it received is in `smtp.messages`. */
  smtp: FakeSmtp;
}

/**
 * A server that sends its mail through a fake SMTP server, as `From: <mailFrom>`, for one test file or
 * describe block. Its fields are filled in once the tests begin.
 */
export function useServerWithMailServer(mailFrom: string): ServerWithMailServer {
  const fixture = {} as ServerWithMailServer;
  beforeAll(async () => {
    fixture.smtp = await startFakeSmtp();
    fixture.server = await startTestServer({ env: { SMTP_URL: fixture.smtp.url, MAIL_FROM: mailFrom } });
  });
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.smtp?.close();
  });
  return fixture;
}

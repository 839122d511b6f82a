import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * An early refusal leaves the request's body unread, and the server drops such a connection once it has
 * answered. These requests go out over raw keep-alive connections, as a client that reuses them would.
 */

let server: TestServer;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  agent.destroy();
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
}

/** Sends `body` with `headers`, resolving at the answer's head: the server may stop reading before the end. */
function send(path: string, headers: Record<string, string>, body: Buffer | string): Promise<RawAnswer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { connection: 'keep-alive', ...headers } },
      (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      },
    );
    // Once answered, a reset while the rest of the body goes out is what the test is about, not a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(body);
  });
}

/** Large enough that the server cannot have read it by the time it answers, below the 1 MiB limit. */
const LARGE = Buffer.alloc(900 * 1024, 'a');
const LARGE_JSON = JSON.stringify({ name: 'x'.repeat(900 * 1024) });

describe('an early error on a request whose body was not read', () => {
  it('415 for a body that is not JSON says Connection: close', async () => {
    const answer = await send('/api/v1/projects', { 'content-type': 'text/plain' }, LARGE);
    expect(answer.status).toBe(415);
    expect(answer.headers.connection).toBe('close');
  });

  it('403 for a cookie write from a foreign origin says Connection: close', async () => {
    const answer = await send(
      '/api/v1/projects',
      { 'content-type': 'application/json', cookie: 'session=1', origin: 'http://evil.example' },
      LARGE_JSON,
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.connection).toBe('close');
  });

  it('401 before the body is read says Connection: close', async () => {
    const answer = await send('/api/v1/projects', { 'content-type': 'application/json' }, LARGE_JSON);
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
  });

  it('413 for a body over the limit says Connection: close', async () => {
    const answer = await send(
      '/api/v1/projects',
      { 'content-type': 'application/json' },
      Buffer.alloc(2 * 1024 * 1024, 'a'),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });
});

describe('an error after the body was read', () => {
  it('keeps the connection open for the next request', async () => {
    const person = await signUp(server, 'Keeps Alive');
    const body = JSON.stringify({ email: person.user.email, password: `${TEST_PASSWORD}!` });
    const answer = await send(
      '/api/v1/auth/sign-in/email',
      { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('keep-alive');
  });
});

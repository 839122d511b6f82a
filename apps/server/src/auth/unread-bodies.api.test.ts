import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';

/**
 * A refusal answered before the request's body was read (an over-size body, a wrong content type, a
 * foreign origin, no session) must reach the client as its status, never as a connection reset, however
 * the body is sent. These requests go out over raw keep-alive connections, as a client that reuses them
 * would, and each waits until its whole body is written: a reset at any point fails the test.
 */

let server: TestServer;
let release: (() => Promise<void>) | undefined;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  ({ server, release } = await serverForFile());
});

afterAll(async () => {
  agent.destroy();
  await release?.();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

type BodyWriter = (write: (chunk: Buffer | string) => Promise<void>) => Promise<void>;

/**
 * Sends a POST whose body `writeBody` writes, resolving once the answer has been read whole and every
 * byte of the body has gone out; any socket error (a reset, a broken pipe) rejects.
 */
function send(path: string, headers: Record<string, string>, writeBody: BodyWriter): Promise<RawAnswer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    let answer: RawAnswer | undefined;
    let written = false;
    const settle = () => {
      if (answer && written) resolve(answer);
    };
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { connection: 'keep-alive', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, headers: response.headers, body };
          settle();
        });
      },
    );
    outgoing.on('error', reject);
    const write = (chunk: Buffer | string) =>
      new Promise<void>((done, failed) => outgoing.write(chunk, (error) => (error ? failed(error) : done())));
    writeBody(write)
      .then(() =>
        outgoing.end(() => {
          written = true;
          settle();
        }),
      )
      .catch(reject);
  });
}

/** The whole body at once, with its Content-Length. */
const whole =
  (body: Buffer | string): BodyWriter =>
  (write) =>
    write(body);

/** `total` bytes of JSON-ish text in chunks of `size`, chunked transfer encoding, `pauseMs` apart. */
const chunked =
  (total: number, size: number, pauseMs = 0): BodyWriter =>
  async (write) => {
    for (let sent = 0; sent < total; sent += size) {
      await write(Buffer.alloc(Math.min(size, total - sent), 'a'));
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };

const JSON_TYPE = { 'content-type': 'application/json' };
const MiB = 1024 * 1024;

function withLength(body: Buffer | string): Record<string, string> {
  return { ...JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) };
}

describe('an over-size body', () => {
  it.each([
    ['2 MiB with a Content-Length', 2],
    ['12 MiB with a Content-Length', 12],
  ])('gets its 413 when sent as %s, and the connection stays usable', async (_label, mebibytes) => {
    const body = Buffer.alloc(mebibytes * MiB, 'a');
    for (let round = 0; round < 3; round += 1) {
      const answer = await send('/api/v1/projects', withLength(body), whole(body));
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    const health = await fetch(new URL('/api/v1/health', server.url));
    expect(health.status).toBe(200);
  });

  it('gets its 413 when sent chunked, fast or slowly', async () => {
    const fast = await send('/api/v1/projects', JSON_TYPE, chunked(3 * MiB, 64 * 1024));
    expect(fast.status).toBe(413);
    const slow = await send('/api/v1/projects', JSON_TYPE, chunked(1.5 * MiB, 128 * 1024, 20));
    expect(slow.status).toBe(413);
    expect(JSON.parse(slow.body).error.message).toMatch(/larger than 1 MB/);
  });

  it('gets its 413 on a better-auth route, and on the template upload past its own 4 MB', async () => {
    const signIn = await send('/api/v1/auth/sign-in/email', JSON_TYPE, chunked(2 * MiB, 256 * 1024));
    expect(signIn.status).toBe(413);
    const template = Buffer.alloc(5 * MiB, 'a');
    const upload = await send('/api/v1/templates', withLength(template), whole(template));
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body).error.message).toMatch(/larger than 4 MB/);
  });
});

/** Large enough that the server cannot have read it by the time it decides, below the 1 MiB limit. */
const LARGE = Buffer.alloc(900 * 1024, 'a');
const LARGE_JSON = JSON.stringify({ name: 'x'.repeat(900 * 1024) });

describe('an early refusal of a body within the limit', () => {
  it('415 for a body that is not JSON', async () => {
    const answer = await send(
      '/api/v1/projects',
      { 'content-type': 'text/plain', 'content-length': String(LARGE.length) },
      whole(LARGE),
    );
    expect(answer.status).toBe(415);
  });

  it('403 for a cookie write from a foreign origin', async () => {
    const answer = await send(
      '/api/v1/projects',
      { ...withLength(LARGE_JSON), cookie: 'session=1', origin: 'http://evil.example' },
      whole(LARGE_JSON),
    );
    expect(answer.status).toBe(403);
  });

  it('401 before the body is read, chunked', async () => {
    const answer = await send('/api/v1/projects', JSON_TYPE, chunked(900 * 1024, 32 * 1024));
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('keep-alive');
  });
});

describe('an error after the body was read', () => {
  it('keeps the connection open for the next request', async () => {
    const person = await signUp(server, 'Keeps Alive');
    const body = JSON.stringify({ email: person.user.email, password: `${TEST_PASSWORD}!` });
    const answer = await send('/api/v1/auth/sign-in/email', withLength(body), whole(body));
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('keep-alive');
  });
});

import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiFetch, ApiFetchInit } from '@switchboard/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from './http-fetch';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const routes: Record<string, (res: ServerResponse, seen: Seen) => void> = {
  '/teapot': (res) => {
    res.statusCode = 418;
    res.statusMessage = 'Short And Stout';
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-twice', ['a', 'b']);
    res.setHeader('Retry-After', '30');
    res.end('{"error":{"code":"X"}}');
  },
  '/bom': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('\uFEFFgrüße ✓');
  },
  '/empty': (res) => {
    res.writeHead(204);
    res.end();
  },
  '/see-other': (res) => {
    res.writeHead(303, { location: '/echo' });
    res.end();
  },
  '/moved': (res) => {
    res.writeHead(301, { location: '/teapot' });
    res.end();
  },
  '/temporary': (res) => {
    res.writeHead(307, { location: '/echo?kept' });
    res.end();
  },
  '/elsewhere': (res) => {
    res.writeHead(302, { location: `${otherOrigin}/echo` });
    res.end();
  },
  '/loop': (res) => {
    res.writeHead(302, { location: '/loop' });
    res.end();
  },
  '/cut-off': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"partial":');
    setTimeout(() => res.destroy(), 20);
  },
  '/slow': (res) => {
    setTimeout(() => res.end('late'), 5_000).unref();
  },
};

function echo(res: ServerResponse, seen: Seen): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(seen));
}

function listen(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      (routes[new URL(seen.path, 'http://x').pathname] ?? echo)(res, seen);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let servers: Server[] = [];
let origin: string;
/** A second server: a redirect there leaves the first one's origin. */
let otherOrigin: string;

beforeAll(async () => {
  const [first, second] = await Promise.all([listen(), listen()]);
  servers = [first.server, second.server];
  origin = first.origin;
  otherOrigin = second.origin;
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const init = (overrides: Partial<ApiFetchInit> = {}): ApiFetchInit => ({
  method: 'GET',
  headers: { accept: 'application/json' },
  body: undefined,
  credentials: 'omit',
  signal: undefined,
  ...overrides,
});

/** What a caller can read of an answer, read the same way from either transport. */
async function read(transport: ApiFetch, path: string, options?: Partial<ApiFetchInit>) {
  const response = await transport(origin + path, init(options));
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get('Content-Type'),
    twice: response.headers.get('x-twice'),
    retryAfter: response.headers.get('retry-after'),
    missing: response.headers.get('x-missing'),
    text: await response.text(),
  };
}

/** Node's own fetch, the behaviour httpFetch stands in for. */
const nodeFetch: ApiFetch = (url, options) => globalThis.fetch(url, options);

/** The request the echo route saw, minus the headers only one of the transports sends on its own. */
async function seenThrough(transport: ApiFetch, path: string, options?: Partial<ApiFetchInit>) {
  const seen = JSON.parse((await read(transport, path, options)).text) as Seen;
  const { host, authorization, 'content-type': contentType, 'x-trace': trace } = seen.headers;
  return { method: seen.method, path: seen.path, body: seen.body, host, authorization, contentType, trace };
}

describe('httpFetch', () => {
  it.each([['/teapot'], ['/bom'], ['/empty'], ['/moved']])(
    'answers %s as fetch does: status, reason, headers and text',
    async (path) => {
      expect(await read(httpFetch, path)).toEqual(await read(nodeFetch, path));
    },
  );

  it('sends method, headers and body as fetch does, and follows redirects the same way', async () => {
    const post = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-trace': 'r-1' },
      body: '{"title":"Grüße"}',
    };
    for (const path of ['/echo?x=1', '/see-other', '/temporary', '/elsewhere']) {
      const ours = await seenThrough(httpFetch, path, post);
      expect(ours).toEqual(await seenThrough(nodeFetch, path, post));
    }
    // What the comparison proves: a 303 turns the POST into a bodiless GET, a 307 keeps it, and the
    // token stays behind when a redirect leads to another origin.
    expect(await seenThrough(httpFetch, '/see-other', post)).toMatchObject({ method: 'GET', body: '' });
    expect(await seenThrough(httpFetch, '/temporary', post)).toMatchObject({
      method: 'POST',
      path: '/echo?kept',
      body: post.body,
      authorization: 'Bearer t',
    });
    expect(await seenThrough(httpFetch, '/elsewhere', post)).toMatchObject({ authorization: undefined });
  });

  it('rejects with TypeError "fetch failed" when nothing answers or redirects never end', async () => {
    const closed = httpFetch('http://127.0.0.1:9/x', init());
    await expect(closed).rejects.toThrow(TypeError);
    await expect(closed).rejects.toThrow('fetch failed');
    await expect(httpFetch(`${origin}/loop`, init())).rejects.toThrow('fetch failed');
  });

  it('reads a body cut off mid-way as a rejection of text()', async () => {
    const response = await httpFetch(`${origin}/cut-off`, init());
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it("rejects with the signal's reason when aborted before or while waiting", async () => {
    const reason = new Error('stop');
    await expect(httpFetch(`${origin}/echo`, init({ signal: AbortSignal.abort(reason) }))).rejects.toBe(
      reason,
    );
    const controller = new AbortController();
    const waiting = httpFetch(`${origin}/slow`, init({ signal: controller.signal }));
    setTimeout(() => controller.abort(reason), 20);
    await expect(waiting).rejects.toBe(reason);
  });
});

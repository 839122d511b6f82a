import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createApiClient, FETCH_ERROR_STATUS_TEXT, INVALID_RESPONSE_STATUS_TEXT } from './client';
import { healthResponseSchema } from './contract';
import { ApiError, isApiError, retryAfterSecondsOf, waitWords } from './errors';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server whose answers are chosen by path, so the client runs against real sockets. */
/** The event-loop figures a health answer carries. */
const eventLoop = { p50Ms: 0.2, p99Ms: 3.1, maxMs: 12, windowMs: 5000 };

const routes: Record<string, (res: ServerResponse, seen: Seen) => void> = {
  '/api/v1/health': (res) => json(res, 200, { status: 'ok', database: 'pglite', eventLoop }),
  '/api/v1/echo': (res, seen) => json(res, 200, seen),
  '/api/v1/missing': (res) =>
    json(res, 404, { error: { code: 'NOT_FOUND', message: 'Task SWB-9 does not exist.' } }),
  '/api/v1/busy': (res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
    res.end(JSON.stringify({ error: { code: 'FAIR_SHARE_EXCEEDED', message: 'Busy.' } }));
  },
  '/api/v1/odd-code': (res) => json(res, 409, { error: { code: 'NOT_A_REGISTERED_CODE', message: 'Odd.' } }),
  '/api/v1/partial-error': (res) => json(res, 401, { error: { code: 'UNAUTHENTICATED' } }),
  '/api/v1/proxy-down': (res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<h1>Bad Gateway</h1>');
  },
  '/api/v1/teapot': (res) => {
    res.statusCode = 418;
    res.statusMessage = 'Short And Stout';
    res.end();
  },
  '/api/v1/no-content': (res) => {
    res.writeHead(204);
    res.end();
  },
  '/api/v1/plain': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('hello');
  },
  '/api/v1/broken-json': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status": ');
  },
  '/api/v1/broken-json-error': (res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('oops');
  },
  '/api/v1/problem': (res) => {
    res.writeHead(200, { 'content-type': 'application/problem+json' });
    res.end('{"a":1}');
  },
  '/api/v1/slow': (res) => {
    setTimeout(() => json(res, 200, { late: true }), 2_000).unref();
  },
};

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

let server: Server;
let baseUrl: string;
let lastSeen: Seen | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      lastSeen = seen;
      const path = new URL(seen.url, 'http://x').pathname;
      const route = routes[path] ?? ((r: ServerResponse) => json(r, 200, seen));
      route(res, seen);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  lastSeen = undefined;
});

function seen(): Seen {
  if (lastSeen === undefined) throw new Error('the server saw no request');
  return lastSeen;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function caughtApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient: base URL', () => {
  it.each([
    '',
    'not a url',
    'localhost:3000',
    '/api',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://user:secret@example.com',
  ])('refuses %j with "Invalid base URL"', (bad) => {
    let thrown: unknown;
    try {
      createApiClient({ baseUrl: bad });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(ApiError);
    expect((thrown as Error).message).toBe('Invalid base URL');
  });

  it('puts the REST base path under the backend endpoint', () => {
    const client = createApiClient({ baseUrl: 'http://localhost:3000' });
    expect(client.url('/health')).toBe('http://localhost:3000/api/v1/health');
    expect(client.url('health')).toBe('http://localhost:3000/api/v1/health');
  });

  it('keeps a path prefix of the base URL and ignores trailing slashes, search and hash', () => {
    const client = createApiClient({ baseUrl: 'https://example.com/switchboard/?x=1#top' });
    expect(client.url('/projects')).toBe('https://example.com/switchboard/api/v1/projects');
  });

  it('takes another base path, or none', () => {
    expect(createApiClient({ baseUrl: 'http://h', basePath: '/api/v1/auth/' }).url('/get-session')).toBe(
      'http://h/api/v1/auth/get-session',
    );
    expect(createApiClient({ baseUrl: 'http://h/api/v1', basePath: '' }).url('/health')).toBe(
      'http://h/api/v1/health',
    );
  });

  it('encodes query parameters, repeats arrays and leaves out null and undefined', () => {
    const client = createApiClient({ baseUrl: 'http://h' });
    const url = client.url('/tasks', {
      search: 'a&b c/ü',
      status: ['todo', 'review'],
      limit: 10,
      ready: true,
      assignee: undefined,
      cursor: null,
    });
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/api/v1/tasks');
    expect(parsed.searchParams.get('search')).toBe('a&b c/ü');
    expect(parsed.searchParams.getAll('status')).toEqual(['todo', 'review']);
    expect(parsed.searchParams.get('limit')).toBe('10');
    expect(parsed.searchParams.get('ready')).toBe('true');
    expect(parsed.searchParams.has('assignee')).toBe(false);
    expect(parsed.searchParams.has('cursor')).toBe(false);
  });
});

describe('requests over HTTP', () => {
  it('GETs and validates the response with a schema', async () => {
    const client = createApiClient({ baseUrl });
    const health = await client.get('/health', { schema: healthResponseSchema });
    expect(health).toEqual({ status: 'ok', database: 'pglite', eventLoop });
    expect(seen().method).toBe('GET');
    expect(seen().headers.accept).toBe('application/json');
    expect(seen().headers['content-type']).toBeUndefined();
    expect(seen().body).toBe('');
  });

  it('returns the schema output, transforms included', async () => {
    const client = createApiClient({ baseUrl });
    const schema = z.object({ status: z.string() }).transform((value) => value.status.toUpperCase());
    const result: string = await client.get('/health', { schema });
    expect(result).toBe('OK');
  });

  it('returns the parsed JSON as unknown without a schema', async () => {
    const client = createApiClient({ baseUrl });
    expect(await client.get('/health')).toEqual({ status: 'ok', database: 'pglite', eventLoop });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s sends the body as JSON', async (method) => {
    const client = createApiClient({ baseUrl });
    const call = {
      POST: client.post,
      PUT: client.put,
      PATCH: client.patch,
      DELETE: client.delete,
    }[method];
    await call('/echo', { body: { title: 'Write tests', version: 3, tags: ['ü'] } });
    expect(seen().method).toBe(method);
    expect(seen().headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen().body)).toEqual({ title: 'Write tests', version: 3, tags: ['ü'] });
  });

  it('request() takes the method, path, body, query and headers', async () => {
    const client = createApiClient({ baseUrl });
    const echo = z.object({ method: z.string(), url: z.string(), body: z.string() });
    const result = await client.request('POST', '/tasks/SWB-1/move', {
      body: { statusId: 's1', position: 0 },
      query: { dryRun: false },
      headers: { 'x-request-id': 'r-1' },
      schema: echo,
    });
    expect(result.method).toBe('POST');
    expect(result.url).toBe('/api/v1/tasks/SWB-1/move?dryRun=false');
    expect(JSON.parse(result.body)).toEqual({ statusId: 's1', position: 0 });
    expect(seen().headers['x-request-id']).toBe('r-1');
  });

  it('sends a falsy but defined body', async () => {
    const client = createApiClient({ baseUrl });
    await client.post('/echo', { body: null });
    expect(seen().body).toBe('null');
    expect(seen().headers['content-type']).toBe('application/json');
  });

  it('sends the client headers and the API key, and per-request headers win', async () => {
    const client = createApiClient({
      baseUrl,
      apiKey: 'sb_live_123',
      headers: { 'X-Client': 'cli/0.1.0', 'x-trace': 'client' },
    });
    await client.get('/echo', { headers: { 'x-trace': 'request' } });
    expect(seen().headers['x-api-key']).toBe('sb_live_123');
    expect(seen().headers['x-client']).toBe('cli/0.1.0');
    expect(seen().headers['x-trace']).toBe('request');
  });

  it('sends no x-api-key header without an API key', async () => {
    await createApiClient({ baseUrl }).get('/echo');
    expect(seen().headers['x-api-key']).toBeUndefined();
  });

  it('returns undefined for an empty body and text for a non-JSON body', async () => {
    const client = createApiClient({ baseUrl });
    expect(await client.delete('/no-content')).toBeUndefined();
    expect(await client.get('/plain')).toBe('hello');
  });

  it('parses +json media types', async () => {
    expect(await createApiClient({ baseUrl }).get('/problem')).toEqual({ a: 1 });
  });
});

describe('namespaces', () => {
  it('prefixes paths and keeps the settings of its parent', async () => {
    const client = createApiClient({ baseUrl, apiKey: 'k1' });
    const projects = client.namespace('projects');
    await projects.get('/p1/statuses');
    expect(seen().url).toBe('/api/v1/projects/p1/statuses');
    expect(seen().headers['x-api-key']).toBe('k1');
    expect(projects.url('')).toBe(`${baseUrl}/api/v1/projects`);
  });

  it('nests and normalises slashes', async () => {
    const client = createApiClient({ baseUrl });
    const tasks = client.namespace('/projects/').namespace(`${encodeURIComponent('p/1')}/tasks`);
    expect(tasks.url('/SWB-1')).toBe(`${baseUrl}/api/v1/projects/p%2F1/tasks/SWB-1`);
    await tasks.get('SWB-1', { query: { expand: 'comments' } });
    expect(seen().url).toBe('/api/v1/projects/p%2F1/tasks/SWB-1?expand=comments');
  });

  it('does not change its parent', () => {
    const client = createApiClient({ baseUrl: 'http://h' });
    client.namespace('projects');
    expect(client.url('/health')).toBe('http://h/api/v1/health');
  });
});

describe('errors', () => {
  it("keeps a refusal's Retry-After, in seconds", async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/busy'));
    expect(error.status).toBe(429);
    expect(error.code).toBe('FAIR_SHARE_EXCEEDED');
    expect(error.retryAfterSeconds).toBe(30);
    expect(
      (await caughtApiError(createApiClient({ baseUrl }).get('/missing'))).retryAfterSeconds,
    ).toBeUndefined();
  });

  it('reads Retry-After as seconds or as a date, and says how long to wait in words', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSecondsOf('120', now)).toBe(120);
    expect(retryAfterSecondsOf('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45);
    expect(retryAfterSecondsOf('soon', now)).toBeUndefined();
    expect(retryAfterSecondsOf(null, now)).toBeUndefined();
    expect([1, 30, 60, 61, 900].map(waitWords)).toEqual([
      '1 second',
      '30 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ]);
  });

  it('turns a registry error into ApiError with status, statusText, body and code', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/missing'));
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(404);
    expect(error.statusText).toBe('Not Found');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Task SWB-9 does not exist.' } });
    expect(error.message).toBe('Task SWB-9 does not exist.');
  });

  it('leaves code undefined for a code outside the registry, keeping the body', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).post('/odd-code', { body: {} }));
    expect(error.status).toBe(409);
    expect(error.code).toBeUndefined();
    expect(error.body).toEqual({ error: { code: 'NOT_A_REGISTERED_CODE', message: 'Odd.' } });
  });

  it('reads the code of a partial error body', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/partial-error'));
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.message).toBe('401 Unauthorized');
  });

  it('keeps a non-JSON error body as text', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/proxy-down'));
    expect(error.status).toBe(502);
    expect(error.statusText).toBe('Bad Gateway');
    expect(error.body).toBe('<h1>Bad Gateway</h1>');
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('502 Bad Gateway');
  });

  it('keeps the text of an error body that claims JSON but is not', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/broken-json-error'));
    expect(error.status).toBe(500);
    expect(error.statusText).toBe('Internal Server Error');
    expect(error.body).toBe('oops');
  });

  it('has an undefined body for an empty error response and the server status text', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/teapot'));
    expect(error.status).toBe(418);
    expect(error.statusText).toBe('Short And Stout');
    expect(error.body).toBeUndefined();
  });

  it('reports a network failure as status 500 "Fetch Error"', async () => {
    const cause = new TypeError('fetch failed');
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(cause),
    });
    const error = await caughtApiError(client.get('/health'));
    expect(error.status).toBe(500);
    expect(error.statusText).toBe('Fetch Error');
    expect(FETCH_ERROR_STATUS_TEXT).toBe('Fetch Error');
    expect(error.body).toBeUndefined();
    expect(error.code).toBeUndefined();
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('fetch failed');
  });

  it('reports a refused connection as "Fetch Error" too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await caughtApiError(
      createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).get('/health'),
    );
    expect(error.status).toBe(500);
    expect(error.statusText).toBe('Fetch Error');
  });

  it('rejects with the abort reason, not an ApiError, when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl }).get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await caught(pending);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('throws "Invalid Response" when an ok body does not match the schema', async () => {
    const client = createApiClient({ baseUrl });
    const schema = z.object({ status: z.literal('ok'), database: z.literal('postgres') });
    const error = await caughtApiError(client.get('/health', { schema }));
    expect(error.status).toBe(500);
    expect(error.statusText).toBe(INVALID_RESPONSE_STATUS_TEXT);
    expect(error.body).toEqual({ status: 'ok', database: 'pglite', eventLoop });
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('throws "Invalid Response" for malformed JSON in an ok response', async () => {
    const error = await caughtApiError(createApiClient({ baseUrl }).get('/broken-json'));
    expect(error.statusText).toBe('Invalid Response');
    expect(error.body).toBe('{"status": ');
  });
});

describe('fetch settings', () => {
  function recordingFetch() {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      return new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    return { calls, fetchImpl };
  }

  it('includes credentials by default so browsers send the session cookie', async () => {
    const { calls, fetchImpl } = recordingFetch();
    await createApiClient({ baseUrl: 'http://h', fetch: fetchImpl }).get('/x');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.url).toBe('http://h/api/v1/x');
  });

  it('takes another credentials mode', async () => {
    const { calls, fetchImpl } = recordingFetch();
    await createApiClient({ baseUrl: 'http://h', fetch: fetchImpl, credentials: 'omit' }).get('/x');
    expect(calls[0]?.init?.credentials).toBe('omit');
  });

  it('calls globalThis.fetch at request time when no fetch is given', async () => {
    const original = globalThis.fetch;
    const { calls, fetchImpl } = recordingFetch();
    const client = createApiClient({ baseUrl: 'http://h' });
    globalThis.fetch = fetchImpl;
    try {
      expect(await client.get('/late')).toEqual({ ok: true });
    } finally {
      globalThis.fetch = original;
    }
    expect(calls[0]?.url).toBe('http://h/api/v1/late');
  });
});

describe('ApiError', () => {
  it('can be built by hand and falls back to status and text for its message', () => {
    const error = new ApiError({ status: 503, statusText: 'Service Unavailable' });
    expect(error.message).toBe('503 Service Unavailable');
    expect(error.code).toBeUndefined();
    expect(error.body).toBeUndefined();
  });

  it('ignores non-object bodies and non-string codes', () => {
    expect(new ApiError({ status: 400, statusText: 'Bad Request', body: 'x' }).code).toBeUndefined();
    expect(
      new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 42 } } }).code,
    ).toBeUndefined();
    expect(
      new ApiError({ status: 400, statusText: 'Bad Request', body: { error: null } }).code,
    ).toBeUndefined();
    expect(
      new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 'toString' } } }).code,
    ).toBeUndefined();
  });
});

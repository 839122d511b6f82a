import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireJsonBodies, requireOwnOrigin, unsafeInputGuard } from './request-guards';

const app = new Hono()
  .use(requireJsonBodies())
  .use(requireOwnOrigin(['http://app.test']))
  .all('/thing', (c) => c.json({ ok: true }));

const post = (headers: Record<string, string>, body = '{}') =>
  app.request('/thing', { method: 'POST', headers, body });

describe('requireJsonBodies', () => {
  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415 in the error shape',
    async (type) => {
      const response = await post({ 'content-type': type }, 'a=1');
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
      });
    },
  );

  it('accepts JSON (with a charset) and body-less writes', async () => {
    expect((await post({ 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect((await app.request('/thing', { method: 'DELETE' })).status).toBe(200);
  });
});

describe('requireOwnOrigin', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses a cookie-authenticated write from a foreign or missing origin', async () => {
    expect((await post({ ...json, cookie: 's=1', origin: 'http://evil.test' })).status).toBe(403);
    expect((await post({ ...json, cookie: 's=1' })).status).toBe(403);
  });

  it('refuses a write from another site even without a cookie, as a sign-in posted from there', async () => {
    expect((await post({ ...json, origin: 'http://evil.test' })).status).toBe(403);
    expect((await post({ ...json, origin: 'null' })).status).toBe(403);
  });

  it('lets same-origin cookie writes and cookie-less writes through', async () => {
    expect((await post({ ...json, cookie: 's=1', origin: 'http://app.test' })).status).toBe(200);
    expect((await post({ ...json, authorization: 'Bearer k' })).status).toBe(200);
    expect((await post({ ...json, origin: 'http://app.test' })).status).toBe(200);
  });

  it('never blocks reads', async () => {
    expect(
      (await app.request('/thing', { headers: { cookie: 's=1', origin: 'http://evil.test' } })).status,
    ).toBe(200);
  });
});

describe('requireOwnOrigin on a path guarded on every method', () => {
  const guarded = new Hono()
    .use(requireOwnOrigin(['http://app.test'], { everyMethodOn: ['/mcp'] }))
    .all('*', (c) => c.body(null, 204));
  const call = (path: string, method: string, headers: Record<string, string> = {}) =>
    guarded.request(path, { method, headers });
  const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];

  it.each(METHODS)(
    'refuses %s from a foreign Origin there, allows our own Origin and none',
    async (method) => {
      expect((await call('/mcp', method, { origin: 'http://evil.test' })).status).toBe(403);
      expect((await call('/mcp?session=1', method, { origin: 'null' })).status).toBe(403);
      expect((await call('/mcp', method, { origin: 'http://app.test' })).status).toBe(204);
      expect((await call('/mcp', method)).status).toBe(204);
    },
  );

  it('leaves a cookie without Origin to the write rule: a read there passes, a write does not', async () => {
    expect((await call('/mcp', 'GET', { cookie: 's=1' })).status).toBe(204);
    expect((await call('/mcp', 'POST', { cookie: 's=1' })).status).toBe(403);
  });

  it.each(['/thing', '/mcp/', '/mcp/more', '/mcpx', '/other/mcp'])(
    'lets a foreign read of %s through: only the named path is guarded on every method',
    async (path) => {
      expect((await call(path, 'GET', { origin: 'http://evil.test' })).status).toBe(204);
      expect((await call(path, 'POST', { origin: 'http://evil.test' })).status).toBe(403);
    },
  );
});

describe('unsafeInputGuard', () => {
  const guarded = new Hono()
    .use(unsafeInputGuard())
    .all('/auth/thing', async (c) => c.json({ reached: true, body: await c.req.text() }));
  const send = (body: string, type = 'application/json', query = '') =>
    guarded.request(`/auth/thing${query}`, { method: 'POST', headers: { 'content-type': type }, body });

  it("answers NUL or a lone surrogate in a JSON body with 400 in better-auth's own shape", async () => {
    for (const body of [{ name: 'a\u0000' }, { name: 'a\uD800' }, { nested: { deeper: ['\uDC00'] } }]) {
      const response = await send(JSON.stringify(body));
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.message).toMatch(/^(name|nested\.deeper\.0): must/);
    }
  });

  it('refuses runaway nesting, form fields and query values too', async () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 40; level++) deep = [deep];
    expect((await send(JSON.stringify({ data: deep }))).status).toBe(400);
    expect((await send('user_code=a%00', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await send('{}', 'application/json', '?organizationId=%00')).status).toBe(400);
  });

  it('passes good input, and input it cannot read, to the handler with its body intact', async () => {
    const good = await send(JSON.stringify({ name: 'Ada 👩‍💻' }));
    expect(await good.json()).toEqual({ reached: true, body: JSON.stringify({ name: 'Ada 👩‍💻' }) });
    const broken = await send('{not json');
    expect(await broken.json()).toEqual({ reached: true, body: '{not json' });
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireJsonBodies, requireSameOriginForCookieWrites } from './request-guards';

const app = new Hono()
  .use(requireJsonBodies())
  .use(requireSameOriginForCookieWrites(['http://app.test']))
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

describe('requireSameOriginForCookieWrites', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses a cookie-authenticated write from a foreign or missing origin', async () => {
    expect((await post({ ...json, cookie: 's=1', origin: 'http://evil.test' })).status).toBe(403);
    expect((await post({ ...json, cookie: 's=1' })).status).toBe(403);
  });

  it('lets same-origin cookie writes and cookie-less writes through', async () => {
    expect((await post({ ...json, cookie: 's=1', origin: 'http://app.test' })).status).toBe(200);
    expect((await post({ ...json, authorization: 'Bearer k' })).status).toBe(200);
  });

  it('never blocks reads', async () => {
    expect(
      (await app.request('/thing', { headers: { cookie: 's=1', origin: 'http://evil.test' } })).status,
    ).toBe(200);
  });
});

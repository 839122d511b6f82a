import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from './static-site';

let app: Hono;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'docs/getting-started'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<html>spa</html>');
  writeFileSync(join(dir, 'assets/main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'docs/getting-started/index.html'), '<html>getting started</html>');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  app = new Hono().use(staticSite(dir));
});

describe('staticSite', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.request('/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves a prerendered page for its URL, with or without the trailing slash', async () => {
    for (const path of ['/docs/getting-started', '/docs/getting-started/']) {
      const response = await app.request(path);
      expect(await response.text()).toBe('<html>getting started</html>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('falls back to index.html for app routes', async () => {
    const response = await app.request('/dashboard/projects');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html>spa</html>');
  });

  it('answers 404 for a missing asset instead of HTML', async () => {
    expect((await app.request('/assets/gone-000.js')).status).toBe(404);
    expect((await app.request('/missing.png')).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    expect((await app.request('/..%2f..%2f..%2fetc%2fpasswd')).status).toBe(404);
    expect(await (await app.request('/%2e%2e/%2e%2e/etc/passwd')).text()).toBe('<html>spa</html>');
  });
});

describe('staticSite with a prerendered home page', () => {
  it('serves the plain app shell (200.html) for app routes, and the prerendered home at /', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-web-'));
    writeFileSync(join(dir, 'index.html'), '<html>home</html>');
    writeFileSync(join(dir, '200.html'), '<html>shell</html>');
    const site = new Hono().use(staticSite(dir));
    expect(await (await site.request('/')).text()).toBe('<html>home</html>');
    expect(await (await site.request('/dashboard')).text()).toBe('<html>shell</html>');
  });
});

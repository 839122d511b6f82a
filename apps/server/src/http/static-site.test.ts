import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, MIN_COMPRESS_BYTES, staticSite } from './static-site';

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

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0.1', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['*;q=0', false],
    ['gzip;q=oops', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('staticSite compression', () => {
  const script = `export const words = ${JSON.stringify('switchboard '.repeat(400))};\n`;
  const page = `<!doctype html><html><body>${'<p>prerendered</p>'.repeat(200)}</body></html>`;
  let dir: string;
  let site: Hono;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'switchboard-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'assets/app-abc123.js'), script);
    writeFileSync(join(dir, 'assets/tiny-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets/photo-abc123.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'sitemap.xml'), `<urlset>${'<url><loc>x</loc></url>'.repeat(100)}</urlset>`);
    site = new Hono()
      .get('/api/v1/events', (c) =>
        streamSSE(c, async (stream) => {
          await stream.writeSSE({ data: 'x'.repeat(4096) });
        }),
      )
      .get('/api/v1/big', (c) => c.json({ text: 'y'.repeat(4096) }))
      .use(staticSite(dir));
  });

  const gzipped = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

  it('gzips text assets for clients that accept it, and says so', async () => {
    const response = await site.request('/assets/app-abc123.js', { headers: gzipped });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(script.length / 4);
    expect(gunzipSync(body).toString('utf8')).toBe(script);
  });

  it('gzips prerendered pages and other text formats too', async () => {
    for (const path of ['/', '/sitemap.xml']) {
      const response = await site.request(path, { headers: gzipped });
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      const text = gunzipSync(new Uint8Array(await response.arrayBuffer())).toString('utf8');
      expect(text.startsWith(path === '/' ? '<!doctype html>' : '<urlset>'), path).toBe(true);
    }
  });

  it('sends the plain file, still with Vary, when gzip is not accepted', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0, br' },
    ];
    for (const headers of refusals) {
      const response = await site.request('/assets/app-abc123.js', { headers });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(await response.text()).toBe(script);
    }
  });

  it('leaves small files and binary formats alone', async () => {
    const tiny = await site.request('/assets/tiny-abc123.js', { headers: gzipped });
    expect('console.log(1)'.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
    const photo = await site.request('/assets/photo-abc123.png', { headers: gzipped });
    expect(photo.headers.get('content-encoding')).toBeNull();
    expect(photo.headers.get('vary')).toBeNull();
    expect((await photo.arrayBuffer()).byteLength).toBe(4096);
  });

  it('answers HEAD with the headers of the compressed body and no body', async () => {
    const response = await site.request('/assets/app-abc123.js', { method: 'HEAD', headers: gzipped });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('compresses a file again when it changes', async () => {
    const path = join(dir, 'assets/changing-abc123.js');
    writeFileSync(path, `// first\n${script}`);
    const first = await site.request('/assets/changing-abc123.js', { headers: gzipped });
    expect(gunzipSync(new Uint8Array(await first.arrayBuffer())).toString('utf8')).toContain('// first');
    writeFileSync(path, `// second\n${script}`);
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    const second = await site.request('/assets/changing-abc123.js', { headers: gzipped });
    expect(gunzipSync(new Uint8Array(await second.arrayBuffer())).toString('utf8')).toContain('// second');
  });

  it('never compresses API answers or event streams', async () => {
    for (const path of ['/api/v1/events', '/api/v1/big']) {
      const response = await site.request(path, { headers: gzipped });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBeNull();
      expect((await response.text()).length, path).toBeGreaterThan(4096);
    }
  });
});

describe('staticSite with the build manifest', () => {
  const built = 'https://app-url.switchboard.invalid';
  let site: Hono;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-web-'));
    mkdirSync(join(dir, 'blog/hello'), { recursive: true });
    const canonical = (path: string) => `<link rel="canonical" href="${built}${path}">`;
    writeFileSync(join(dir, 'index.html'), `<html>${canonical('/')}home</html>`);
    writeFileSync(join(dir, '200.html'), '<html>shell</html>');
    writeFileSync(join(dir, '404.html'), '<html>Not Found</html>');
    // Big enough to be sent compressed: the origin is replaced before compression.
    writeFileSync(
      join(dir, 'blog/hello/index.html'),
      `<html>${canonical('/blog/hello')}${' '.repeat(2048)}</html>`,
    );
    writeFileSync(join(dir, 'sitemap.xml'), `<urlset><url><loc>${built}/blog/hello</loc></url></urlset>`);
    writeFileSync(join(dir, 'robots.txt'), `Sitemap: ${built}/sitemap.xml\n`);
    writeFileSync(
      join(dir, 'site-manifest.json'),
      JSON.stringify({
        origin: built,
        appRoutes: ['/dashboard/', '/dashboard/projects/$projectId/', '/auth/'],
      }),
    );
    site = new Hono().use(staticSite(dir, { appUrl: 'http://10.0.0.7:4123/' }));
  });

  it('answers 404 with the Not Found page for a path that is neither a file nor an app route', async () => {
    for (const path of ['/no-such-page', '/blog/no-such-post', '/dashboard/nope/deeper/still']) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await response.text(), path).toBe('<html>Not Found</html>');
    }
  });

  it('answers 200 with the app shell for the routes the app renders', async () => {
    for (const path of ['/dashboard', '/dashboard/projects/p1', '/auth']) {
      const response = await site.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('<html>shell</html>');
    }
  });

  it("writes the running server's APP_URL into canonical links, the sitemap and robots.txt", async () => {
    expect(await (await site.request('/')).text()).toBe(
      '<html><link rel="canonical" href="http://10.0.0.7:4123/">home</html>',
    );
    const compressed = await site.request('/blog/hello', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    const page = gunzipSync(new Uint8Array(await compressed.arrayBuffer())).toString('utf8');
    expect(page).toContain('href="http://10.0.0.7:4123/blog/hello"');
    expect(page).not.toContain(built);
    expect(await (await site.request('/sitemap.xml')).text()).toBe(
      '<urlset><url><loc>http://10.0.0.7:4123/blog/hello</loc></url></urlset>',
    );
    const robots = await site.request('/robots.txt');
    expect(await robots.text()).toBe('Sitemap: http://10.0.0.7:4123/sitemap.xml\n');
    expect(Number(robots.headers.get('content-length'))).toBe(
      'Sitemap: http://10.0.0.7:4123/sitemap.xml\n'.length,
    );
  });
});

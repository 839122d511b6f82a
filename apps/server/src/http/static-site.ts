import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { type SiteManifest, siteManifestReader, siteOrigin, withOrigin } from './site-manifest';

const gzip = promisify(gzipCallback);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Text formats worth compressing; images, fonts and the like are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
]);
/** Below this size gzip's own overhead eats the gain. */
export const MIN_COMPRESS_BYTES = 1024;
/** Compressed bodies kept in memory, keyed by file and version; the built site is a few hundred files. */
const MAX_CACHED_BODIES = 500;

interface FileVersion {
  size: number;
  mtimeMs: number;
}

async function fileVersion(path: string): Promise<FileVersion | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the request's Accept-Encoding allows gzip (RFC 9110 §12.5.3): `gzip`, `x-gzip` or `*` with a
 * non-zero quality, and not refused by an explicit `gzip;q=0`.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzipQuality: number | undefined;
  let anyQuality: number | undefined;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') quality = Number(value?.trim() ?? '');
    }
    if (!Number.isFinite(quality)) quality = 0;
    if (name === 'gzip' || name === 'x-gzip') gzipQuality = Math.max(gzipQuality ?? 0, quality);
    else if (name === '*') anyQuality = quality;
  }
  return (gzipQuality ?? anyQuality ?? 0) > 0;
}

/** Files whose text names the site's own address (pages, sitemap, feed, robots.txt). */
const NAMES_ORIGIN = new Set(['.html', '.xml', '.txt']);

/** Bodies computed once per version of a file (compressed, or with the origin written in). */
class BodyCache {
  readonly #entries = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  get(
    key: string,
    version: FileVersion,
    make: () => Promise<Uint8Array<ArrayBuffer>>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const versioned = `${key}\0${version.size}\0${version.mtimeMs}`;
    let entry = this.#entries.get(versioned);
    if (!entry) {
      entry = make();
      // A failure is not remembered; the next request tries again.
      entry.catch(() => this.#entries.delete(versioned));
      if (this.#entries.size >= MAX_CACHED_BODIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(versioned, entry);
    }
    return entry;
  }
}

export interface StaticSiteOptions {
  /**
   * The address the server answers at (APP_URL): written into prerendered pages in place of the
   * origin the build used. @default the build's own origin, unchanged
   */
  appUrl?: string;
}

/**
 * Serves the built web app: real files first, then a prerendered page for the URL
 * (`/docs/x` → `docs/x/index.html` or `docs/x.html`), then the app shell (200.html) for the routes the
 * app renders itself, as the build's site-manifest.json lists them; any other path is unknown: 404
 * with the Not Found page (404.html, which keeps the app). A build without a manifest gets the shell
 * for every unknown path.
 *
 * Pages, the sitemap, the feed and robots.txt were written with the build's origin; they are sent with
 * `appUrl` in its place, so one build serves any address.
 *
 * Text files (HTML, JS, CSS, SVG, JSON, XML …) of 1 KB or more are sent gzip-compressed to clients that
 * accept it, with `Vary: Accept-Encoding`; each compressed version is computed once and kept in memory.
 * Only this middleware compresses: API responses, including event streams, never are.
 */
export function staticSite(webDir: string, options: StaticSiteOptions = {}): MiddlewareHandler {
  const root = normalize(webDir);
  const bodies = new BodyCache();
  const readManifest = siteManifestReader(root);
  const origin = options.appUrl ? siteOrigin(options.appUrl) : undefined;

  /** The file as sent: with this server's origin in place of the build's where the text names it. */
  const plainBody = async (file: string, version: FileVersion, manifest: SiteManifest | undefined) => {
    const extension = extname(file).toLowerCase();
    if (!manifest || !origin || manifest.origin === origin || !NAMES_ORIGIN.has(extension))
      return new Uint8Array(await readFile(file));
    return bodies.get(`origin\0${file}`, version, async () => {
      const text = withOrigin(await readFile(file, 'utf8'), manifest.origin, origin, extension !== '.txt');
      return new Uint8Array(Buffer.from(text, 'utf8'));
    });
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad Request', 400);
    }
    const requested = normalize(join(root, pathname));
    if (requested !== root && !requested.startsWith(root + sep)) return c.text('Not Found', 404);

    const candidates = pathname.endsWith('/')
      ? [join(requested, 'index.html')]
      : [requested, join(requested, 'index.html'), `${requested}.html`];
    let file: string | undefined;
    let version: FileVersion | undefined;
    for (const candidate of candidates) {
      version = await fileVersion(candidate);
      if (version) {
        file = candidate;
        break;
      }
    }
    // A missing hashed asset is a real 404: answering with HTML would break the chunk-reload logic.
    if (!file && (pathname.startsWith('/assets/') || extname(pathname) !== ''))
      return c.text('Not Found', 404);
    const manifest = await readManifest();
    let status: 200 | 404 = 200;
    if (!file && manifest && !manifest.isAppRoute(pathname)) {
      status = 404;
      file = join(root, '404.html');
      version = await fileVersion(file);
    }
    // The prerendered home page is index.html; the web build keeps the plain SPA shell as 200.html, so
    // app URLs (/dashboard …) do not flash the home page before the router renders.
    if (!version) {
      file = join(root, '200.html');
      version = await fileVersion(file);
      if (!version) {
        file = join(root, 'index.html');
        version = await fileVersion(file);
      }
    }
    if (!version || !file) {
      return c.text(
        'The web app is not built yet: run `pnpm build` (or `pnpm start`, which builds it).',
        503,
      );
    }

    const extension = extname(file).toLowerCase();
    c.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    c.header('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    const served = file;
    const servedVersion = version;
    let sent: Uint8Array<ArrayBuffer> | undefined;
    if (COMPRESSIBLE.has(extension) && version.size >= MIN_COMPRESS_BYTES) {
      c.header('Vary', 'Accept-Encoding');
      if (acceptsGzip(c.req.header('Accept-Encoding'))) {
        sent = await bodies.get(`gzip\0${served}`, servedVersion, async () => {
          const plain = await plainBody(served, servedVersion, manifest);
          return new Uint8Array(await gzip(plain, { level: 9 }));
        });
        c.header('Content-Encoding', 'gzip');
      }
    }
    sent ??= await plainBody(served, servedVersion, manifest);
    c.header('Content-Length', String(sent.byteLength));
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(sent, status);
  };
}

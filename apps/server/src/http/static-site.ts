import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

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

/** gzip bodies of files already sent, so each version of a file is compressed once per process. */
class GzipCache {
  readonly #entries = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  get(file: string, version: FileVersion): Promise<Uint8Array<ArrayBuffer>> {
    const key = `${file}\0${version.size}\0${version.mtimeMs}`;
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = readFile(file)
        .then((body) => gzip(body, { level: 9 }))
        .then((buffer) => new Uint8Array(buffer));
      // A failed compression is not remembered; the next request tries again.
      entry.catch(() => this.#entries.delete(key));
      if (this.#entries.size >= MAX_CACHED_BODIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, entry);
    }
    return entry;
  }
}

/**
 * Serves the built web app: real files first, then a prerendered page for the URL
 * (`/docs/x` → `docs/x/index.html` or `docs/x.html`), and otherwise index.html so the SPA router
 * decides (it shows 'Not Found' itself).
 *
 * Text files (HTML, JS, CSS, SVG, JSON, XML …) of 1 KB or more are sent gzip-compressed to clients that
 * accept it, with `Vary: Accept-Encoding`; each compressed version is computed once and kept in memory.
 * Only this middleware compresses: API responses, including event streams, never are.
 */
export function staticSite(webDir: string): MiddlewareHandler {
  const root = normalize(webDir);
  const gzipCache = new GzipCache();
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
    // The prerendered home page is index.html; the web build keeps the plain SPA shell as 200.html, so
    // app URLs (/dashboard …) do not flash the home page before the router renders.
    if (!file) {
      file = join(root, '200.html');
      version = await fileVersion(file);
      if (!version) {
        file = join(root, 'index.html');
        version = await fileVersion(file);
      }
    }
    if (!version) {
      return c.text(
        'The web app is not built yet: run `pnpm build` (or `pnpm start`, which builds it).',
        503,
      );
    }

    const extension = extname(file).toLowerCase();
    c.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    c.header('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    let sent: Uint8Array<ArrayBuffer> | undefined;
    if (COMPRESSIBLE.has(extension) && version.size >= MIN_COMPRESS_BYTES) {
      c.header('Vary', 'Accept-Encoding');
      if (acceptsGzip(c.req.header('Accept-Encoding'))) {
        sent = await gzipCache.get(file, version);
        c.header('Content-Encoding', 'gzip');
      }
    }
    sent ??= new Uint8Array(await readFile(file));
    c.header('Content-Length', String(sent.byteLength));
    if (c.req.method === 'HEAD') return c.body(null);
    return c.body(sent);
  };
}

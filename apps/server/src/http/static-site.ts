import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';

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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built web app: real files first, then a prerendered page for the URL
 * (`/docs/x` → `docs/x/index.html` or `docs/x.html`), and otherwise index.html so the SPA router
 * decides (it shows 'Not Found' itself).
 */
export function staticSite(webDir: string): MiddlewareHandler {
  const root = normalize(webDir);
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
    for (const candidate of candidates) {
      if (await isFile(candidate)) {
        file = candidate;
        break;
      }
    }
    // A missing hashed asset is a real 404: answering with HTML would break the chunk-reload logic.
    if (!file && (pathname.startsWith('/assets/') || extname(pathname) !== ''))
      return c.text('Not Found', 404);
    // The prerendered home page is index.html; the web build keeps the plain SPA shell as 200.html, so
    // app URLs (/dashboard …) do not flash the home page before the router renders.
    if (!file)
      file = (await isFile(join(root, '200.html'))) ? join(root, '200.html') : join(root, 'index.html');
    if (!(await isFile(file))) {
      return c.text(
        'The web app is not built yet: run `pnpm build` (or `pnpm start`, which builds it).',
        503,
      );
    }

    const body = await readFile(file);
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    c.header('Content-Type', type);
    c.header('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (c.req.method === 'HEAD') return c.body(null);
    return c.body(new Uint8Array(body));
  };
}

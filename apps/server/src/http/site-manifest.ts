import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/** Written by the web build next to the pages (apps/web/scripts/prerender.mjs). */
export const SITE_MANIFEST_FILE = 'site-manifest.json';

const siteManifestSchema = z.object({
  /**
   * The origin the prerendered pages, sitemap, robots.txt and feed were written with; the server puts
   * its own APP_URL in its place, so a build made for one address serves any other.
   */
  origin: z.string().min(1),
  /**
   * The router's paths of the pages the app itself renders (not prerendered): `$name` is one segment,
   * a trailing `$` the rest of the path. Any other path not on disk is unknown (404).
   */
  appRoutes: z.array(z.string()),
});

export interface SiteManifest {
  origin: string;
  isAppRoute: (pathname: string) => boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A router path (`/dashboard/projects/$projectId/`, `/docs/$`) as a test of a URL path. */
export function routePattern(route: string): RegExp {
  const segments = route
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean);
  const parts = segments.map((segment) => {
    if (segment === '$') return '(?:/.*)?';
    if (segment.startsWith('$')) return '/[^/]+';
    return `/${escapeRegExp(segment)}`;
  });
  return new RegExp(`^${parts.join('')}/?$`);
}

export function parseSiteManifest(text: string): SiteManifest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = siteManifestSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const patterns = parsed.data.appRoutes.map(routePattern);
  return {
    origin: parsed.data.origin,
    isAppRoute: (pathname) => patterns.some((pattern) => pattern.test(pathname)),
  };
}

/**
 * The manifest of the build in `root`, read again when the build changes; undefined for a build
 * without one (older builds: every unknown path then gets the app shell, as before).
 */
export function siteManifestReader(root: string): () => Promise<SiteManifest | undefined> {
  const file = join(root, SITE_MANIFEST_FILE);
  let cached: { mtimeMs: number; manifest: SiteManifest | undefined } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, manifest: parseSiteManifest(await readFile(file, 'utf8').catch(() => '')) };
    }
    return cached.manifest;
  };
}

const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&#39;',
  '"': '&quot;',
};

/** APP_URL as pages write it: origin and path, without a trailing slash. */
export function siteOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * A prerendered file's text with the build's origin replaced by the running server's: escaped for
 * markup in HTML and XML, as is in plain text (robots.txt).
 */
export function withOrigin(text: string, from: string, to: string, markup: boolean): string {
  if (from === to || !text.includes(from)) return text;
  const replacement = markup ? to.replace(/[<>&'"]/g, (c) => XML_ESCAPES[c] ?? c) : to;
  return text.split(from).join(replacement);
}

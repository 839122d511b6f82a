/**
 * Server-side entry used only at build time by scripts/prerender.mjs: renders one public URL to HTML
 * with the real route tree on a memory history, so every public page ships its words and metadata in
 * the first response. Never bundled into the browser app.
 */
import { type PublicConfig, publicConfigSchema } from '@switchboard/api-client/contract';
import type { AuthClient } from '@switchboard/auth/client';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  HeadContent,
  RouterContextProvider,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { canonicalPath, docHref, docs, pageHref, pages, postHref, posts } from './content';
import { PRERENDERED_HEAD_ATTRIBUTE } from './features/site/site-layout';
import { createQueryClient } from './lib/query-client';
import { SITE_DESCRIPTION, siteTitle } from './lib/seo';
import { createAppRouter } from './router';

export { canonicalPath, docs, pages, posts, SITE_DESCRIPTION, siteTitle };

export interface PublicPage {
  /** What the router renders (its canonical form, without a trailing slash). */
  path: string;
  /** The page's canonical URL path, as in its canonical link. */
  canonical: string;
  /** Last change, for the sitemap. */
  lastmod?: string;
}

/** Every public page: home, blog, docs, privacy and terms. */
export function publicPages(): PublicPage[] {
  const newest = posts[0]?.date;
  return [
    { path: '/', canonical: '/', ...(newest ? { lastmod: newest } : {}) },
    { path: '/blog', canonical: canonicalPath.blog, ...(newest ? { lastmod: newest } : {}) },
    ...posts.map((post) => ({
      path: postHref(post.slug),
      canonical: canonicalPath.post(post.slug),
      lastmod: post.date,
    })),
    ...docs.map((doc) => ({ path: docHref(doc.path), canonical: canonicalPath.doc(doc.path) })),
    ...pages.map((page) => ({ path: pageHref(page.path), canonical: canonicalPath.page(page.path) })),
  ];
}

/** The runtime configuration a prerendered page is written with; the browser re-reads the real one. */
export function buildConfig(options: { appUrl: string; brandName?: string }): PublicConfig {
  return publicConfigSchema.parse({
    apiUrl: options.appUrl,
    appUrl: options.appUrl,
    brandName: options.brandName ?? 'Switchboard',
    enableGithubSignin: false,
    enableEmailSignin: false,
    googleClientId: '',
    turnstileSiteKey: '',
  });
}

export interface RenderResult {
  /** 200, 404, 500, or 0 when the router redirected instead of rendering. */
  status: number;
  /**
   * <title>, <meta> and <link> tags, each marked so the app can take the head over if it boots over the
   * page (404.html does; the public pages keep theirs: they load only src/public/enhance.ts).
   */
  head: string;
  /** Markup for inside <div id="root">. */
  html: string;
}

// Public pages never touch the auth client; this stands in for it so no auth code is bundled here.
const noAuthClient = new Proxy({} as AuthClient, {
  get(_target, property) {
    throw new Error(`Prerendering must not use the auth client (tried authClient.${String(property)})`);
  },
});

function markHeadTags(head: string): string {
  return head.replace(/<(title|meta|link)\b/g, `<$1 ${PRERENDERED_HEAD_ATTRIBUTE}=""`);
}

/**
 * React 19 hoists <title>/<meta>/<link> to the start of a partial render; they belong in <head>.
 * The router's server render also adds an inline scroll-restoration <script>: the CSP forbids inline
 * scripts (the browser would report a violation on every page) and the app restores scroll itself.
 */
function cleanBody(html: string): string {
  return html
    .replace(/^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/, '')
    .replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, '');
}

type Match = { status: string; _notFound?: boolean };

/**
 * 404 when a route threw notFound() or no route matched; 500 when a loader failed; 0 when the router
 * rendered nothing because it redirected (e.g. `/blog/` to its canonical form `/blog`).
 */
function statusOf(matches: readonly Match[]): number {
  if (matches.length === 0) return 0;
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) return 404;
  if (matches.some((match) => match.status === 'error')) return 500;
  return 200;
}

export async function render(url: string, config: PublicConfig): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, config, authClient: noAuthClient });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();

  const head = renderToString(
    <RouterContextProvider router={router}>
      <HeadContent />
    </RouterContextProvider>,
  );
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  queryClient.clear();
  return { status: statusOf(router.state.matches), head: markHeadTags(head), html: cleanBody(html) };
}

/** Every route's full path as the router writes it (`/dashboard/projects/$projectId/`), once each. */
export function routePaths(config: PublicConfig): string[] {
  const router = createAppRouter({ queryClient: createQueryClient(), config, authClient: noAuthClient });
  return [...new Set(Object.values(router.routesById).map((route) => route.fullPath as string))].sort();
}

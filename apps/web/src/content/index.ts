import { loaders as blogLoaders, posts } from 'virtual:content/blog';
import { loaders as docLoaders, docs } from 'virtual:content/docs';
import { loaders as pageLoaders, pages } from 'virtual:content/pages';
import type { BlogPostMeta, ContentModule, PageMeta } from './types';

export type { BlogPostMeta, ContentModule, MdxComponents, PageMeta, TocEntry } from './types';
export { docs, pages, posts };

/** Human names of the docs folders, in sidebar order. */
export const DOC_SECTIONS: readonly { id: string; title: string }[] = [
  { id: '', title: 'Introduction' },
  { id: 'features', title: 'Features' },
  { id: 'mcps', title: 'MCP servers' },
  { id: 'packages', title: 'Packages' },
  { id: 'tooling', title: 'Tooling' },
];

export interface DocsNavSection {
  id: string;
  title: string;
  pages: PageMeta[];
}

/** The docs sidebar: known sections first in their fixed order, then any new folder alphabetically. */
export function docsNavigation(): DocsNavSection[] {
  const known = DOC_SECTIONS.map((section) => ({
    ...section,
    pages: docs.filter((d) => d.section === section.id),
  }));
  const extra = [...new Set(docs.map((d) => d.section))]
    .filter((id) => !DOC_SECTIONS.some((section) => section.id === id))
    .sort()
    .map((id) => ({
      id,
      title: id.charAt(0).toUpperCase() + id.slice(1),
      pages: docs.filter((d) => d.section === id),
    }));
  return [...known, ...extra].filter((section) => section.pages.length > 0);
}

// Links use the router's form (no trailing slash). The canonical URL of an index route keeps the
// trailing slash of a folder (`/blog/`, `/blog/<slug>/`, `/docs/`, `/privacy/`); the server
// answers both forms with the same prerendered file.

/** Link to a docs page: `/docs` for the index, `/docs/<path>` for the others. */
export function docHref(path: string): string {
  return path === '' ? '/docs' : `/docs/${path}`;
}

/** Link to a blog post. */
export function postHref(slug: string): string {
  return `/blog/${slug}`;
}

/** Link to a standalone page (`/privacy`, `/terms`). */
export function pageHref(name: string): string {
  return `/${name}`;
}

/** Canonical URL paths (trailing slash), used by canonical links, og:url, the sitemap and the feed. */
export const canonicalPath = {
  blog: '/blog/',
  post: (slug: string) => `/blog/${slug}/`,
  doc: (path: string) => (path === '' ? '/docs/' : `/docs/${path}`),
  page: (name: string) => `/${name}/`,
};

export function getPost(slug: string): BlogPostMeta | undefined {
  return posts.find((post) => post.slug === slug);
}

export function getDoc(path: string): PageMeta | undefined {
  return docs.find((doc) => doc.path === path);
}

/** Loads one compiled post; `undefined` when no post has the slug. */
export async function loadPost(slug: string): Promise<ContentModule<BlogPostMeta> | undefined> {
  return blogLoaders[slug]?.();
}

/** Loads one docs page by its path under /docs/ (trailing slashes ignored). */
export async function loadDoc(path: string): Promise<ContentModule<PageMeta> | undefined> {
  return docLoaders[path.replace(/^\/+|\/+$/g, '')]?.();
}

/** Loads a standalone page (`privacy`, `terms`). */
export async function loadPage(name: string): Promise<ContentModule<PageMeta> | undefined> {
  return pageLoaders[name]?.();
}

/** Previous and next docs pages in navigation order, for the footer of each page. */
export function docNeighbours(path: string): { previous?: PageMeta; next?: PageMeta } {
  const ordered = docsNavigation().flatMap((section) => section.pages);
  const index = ordered.findIndex((doc) => doc.path === path);
  if (index === -1) return {};
  const previous = ordered[index - 1];
  const next = ordered[index + 1];
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

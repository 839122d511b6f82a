import type { ComponentType } from 'react';
import type { DocMeta } from './frontmatter';

export type { BlogPostMeta, DocMeta } from './frontmatter';

/** A docs page or a standalone page (privacy, terms) as listed by the content plugin. */
export interface PageMeta extends DocMeta {
  /** Docs: path under /docs/ (`''` for the index, `features/multi-agent` …). Pages: the file name. */
  path: string;
  /** Docs: first path segment (`features`, `mcps` …), `''` for top-level pages. */
  section: string;
}

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  title: string;
}

/** Elements and components an article may use; passed to the compiled MDX as `components`. */
export type MdxComponents = Record<string, ComponentType<never> | string>;

/** What a loader resolves to: one compiled article. */
export interface ContentModule<Meta> {
  default: ComponentType<{ components?: MdxComponents }>;
  meta: Meta;
  toc: TocEntry[];
}

export type ContentLoaders<Meta> = Record<string, () => Promise<ContentModule<Meta>>>;

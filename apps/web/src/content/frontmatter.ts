/**
 * Frontmatter for the public site's MDX files (spec §5, §8). Pure functions, no I/O: the Vite content
 * plugin calls them at build time and wraps any error with the name of the file that caused it.
 */

export const FRONTMATTER_NOT_FOUND = 'Invalid MDX format: frontmatter not found';
export const MISSING_REQUIRED_FIELDS = 'Missing required frontmatter fields';

export const BLOG_REQUIRED_FIELDS = ['id', 'slug', 'title', 'author', 'date', 'category'] as const;
export const DOC_REQUIRED_FIELDS = ['title', 'description'] as const;

/** Words per minute used to estimate a post's reading time when its frontmatter gives none. */
export const WORDS_PER_MINUTE = 200;

/** Image used for a post or page that names none (the site's social banner). */
export const DEFAULT_IMAGE = '/banner.jpg';

export type FrontmatterValue = string | string[];

export interface ParsedFrontmatter {
  data: Record<string, FrontmatterValue>;
  /** Everything after the closing `---` line. */
  body: string;
}

export interface BlogPostMeta {
  id: string;
  slug: string;
  title: string;
  author: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  category: string;
  excerpt: string;
  preview?: string;
  image: string;
  /** e.g. `4 min read`. */
  readTime: string;
  keywords: string[];
}

export interface DocMeta {
  title: string;
  description: string;
  /** Shorter title for the docs sidebar. */
  navTitle?: string;
  order?: number;
  keywords: string[];
}

const FENCE = /^---[ \t]*$/;

/** Removes one pair of matching quote characters around a value: `"a"`, `'a'`, `“a”`. */
export function stripQuotes(value: string): string {
  const v = value.trim();
  if (v.length >= 2) {
    const first = v[0];
    const last = v[v.length - 1];
    if (
      (first === '"' && last === '"') ||
      (first === "'" && last === "'") ||
      (first === '“' && last === '”')
    ) {
      return v.slice(1, -1);
    }
  }
  return v;
}

function parseValue(raw: string): FrontmatterValue {
  const v = raw.trim();
  // Inline lists: `keywords: [mcp, "claude code", agents]`.
  if (v.startsWith('[') && v.endsWith(']')) {
    return v
      .slice(1, -1)
      .split(',')
      .map((item) => stripQuotes(item))
      .filter((item) => item.length > 0);
  }
  return stripQuotes(v);
}

/**
 * Splits `---\nkey: value\n---\nbody` into its fields and body. The block must be the very first thing
 * in the file (a byte-order mark aside). Values are single-line `key: value` pairs or inline lists;
 * `#` lines are comments.
 */
export function parseFrontmatter(source: string): ParsedFrontmatter {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const lines = text.split(/\r?\n/);
  if (lines.length < 2 || !FENCE.test(lines[0] ?? '')) throw new Error(FRONTMATTER_NOT_FOUND);
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) throw new Error(FRONTMATTER_NOT_FOUND);

  const data: Record<string, FrontmatterValue> = {};
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Invalid frontmatter line: ${line.trim()}`);
    const key = line.slice(0, colon).trim();
    data[key] = parseValue(line.slice(colon + 1));
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}

function text(data: Record<string, FrontmatterValue>, key: string): string | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(', ') : value;
  return joined.trim() === '' ? undefined : joined;
}

function list(data: Record<string, FrontmatterValue>, key: string): string[] {
  const value = data[key];
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : value.split(',');
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

function requireFields<const K extends string>(
  data: Record<string, FrontmatterValue>,
  fields: readonly K[],
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) {
    const value = text(data, field);
    if (value === undefined) throw new Error(MISSING_REQUIRED_FIELDS);
    values[field] = value;
  }
  return values;
}

/** Plain words of a markdown/MDX body: code, tags, link targets and punctuation removed. */
export function countWords(body: string): number {
  const plain = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[#>*_`|[\]-]/g, ' ');
  return plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function estimateReadTime(body: string): string {
  return `${Math.max(1, Math.round(countWords(body) / WORDS_PER_MINUTE))} min read`;
}

/** First paragraph of prose, markdown syntax removed, cut at about 200 characters. */
export function firstParagraph(body: string): string {
  const paragraph =
    body
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block !== '' && !/^(#|```|<|import |export |[-*>|] |\d+\. )/.test(block)) ?? '';
  const plain = paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= 200) return plain;
  return `${plain.slice(0, plain.lastIndexOf(' ', 197)).replace(/[,;:.]$/, '')}…`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Blog post metadata (spec §3). Throws the spec's errors for a missing block or missing fields. */
export function parseBlogPost(source: string): { meta: BlogPostMeta; body: string } {
  const { data, body } = parseFrontmatter(source);
  const required = requireFields(data, BLOG_REQUIRED_FIELDS);
  const { date } = required;
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date))) {
    throw new Error(`Invalid frontmatter date "${date}": use YYYY-MM-DD`);
  }
  const preview = text(data, 'preview');
  const meta: BlogPostMeta = {
    ...required,
    excerpt: text(data, 'excerpt') ?? firstParagraph(body),
    image: text(data, 'image') ?? DEFAULT_IMAGE,
    readTime: text(data, 'readTime') ?? estimateReadTime(body),
    keywords: list(data, 'keywords'),
    ...(preview === undefined ? {} : { preview }),
  };
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(meta.slug)) {
    throw new Error(`Invalid frontmatter slug "${meta.slug}": use lowercase words joined by dashes`);
  }
  return { meta, body };
}

/** Docs page metadata: title and description required; navTitle, order and keywords optional. */
export function parseDocPage(source: string): { meta: DocMeta; body: string } {
  const { data, body } = parseFrontmatter(source);
  const required = requireFields(data, DOC_REQUIRED_FIELDS);
  const orderText = text(data, 'order');
  const order = orderText === undefined ? undefined : Number(orderText);
  if (order !== undefined && !Number.isFinite(order)) {
    throw new Error(`Invalid frontmatter order "${orderText}": use a number`);
  }
  const navTitle = text(data, 'navTitle');
  const meta: DocMeta = {
    ...required,
    keywords: list(data, 'keywords'),
    ...(navTitle === undefined ? {} : { navTitle }),
    ...(order === undefined ? {} : { order }),
  };
  return { meta, body };
}

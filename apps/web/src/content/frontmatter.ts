import { parse as parseYaml } from 'yaml';
import type * as z from 'zod';
import {
  blogFrontmatterSchema,
  DEFAULT_IMAGE,
  docFrontmatterSchema,
  MISSING_REQUIRED_FIELDS,
  parseFields,
  stripQuotes,
} from './frontmatter-schemas.ts';

/**
 * Frontmatter for the public site's MDX files: a YAML block read with the `yaml` package and checked
 * with the zod schemas beside this file. Pure functions, no I/O: the Vite content plugin calls them at
 * build time and wraps any error with the name of the file that caused it.
 */

export { DEFAULT_IMAGE, MISSING_REQUIRED_FIELDS, stripQuotes };

export const FRONTMATTER_NOT_FOUND = 'Invalid MDX format: frontmatter not found';

/** Words per minute used to estimate a post's reading time when its frontmatter gives none. */
export const WORDS_PER_MINUTE = 200;

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

/**
 * YAML's own quotes are gone after parsing; typographic quotes are not YAML syntax, so a value an editor
 * wrapped in them (“Title”) loses them here.
 */
function plainText(value: string): string {
  return value.startsWith('“') ? stripQuotes(value) : value;
}

/** One field: a line of text or a list of texts; anything nested is not frontmatter we read. */
function fieldValue(key: string, value: unknown): FrontmatterValue {
  if (typeof value === 'string') return plainText(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.map(plainText);
  throw new Error(`Invalid frontmatter field ${key}: use one line of text or a list`);
}

/**
 * Splits `---\nkey: value\n---\nbody` into its fields and body. The block must be the very first thing
 * in the file (a byte-order mark aside). It is YAML read with the failsafe schema, so every value stays
 * the text that was written (`id: 007` is "007", not 7) and quoting works as in any YAML file.
 */
export function parseFrontmatter(source: string): ParsedFrontmatter {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const lines = text.split(/\r?\n/);
  if (lines.length < 2 || !FENCE.test(lines[0] ?? '')) throw new Error(FRONTMATTER_NOT_FOUND);
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) throw new Error(FRONTMATTER_NOT_FOUND);

  let fields: unknown;
  try {
    fields = parseYaml(lines.slice(1, end).join('\n'), { schema: 'failsafe' });
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    throw new Error(`Invalid frontmatter: ${reason}`);
  }
  if (fields !== null && (typeof fields !== 'object' || Array.isArray(fields))) {
    throw new Error('Invalid frontmatter: write key: value lines');
  }
  const data: Record<string, FrontmatterValue> = {};
  for (const [key, value] of Object.entries(fields ?? {})) data[key] = fieldValue(key, value);
  return { data, body: lines.slice(end + 1).join('\n') };
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

/** A page's checked fields turned into its metadata, beside its body. */
function parsePage<Schema extends z.ZodType, Meta>(
  source: string,
  schema: Schema,
  toMeta: (fields: z.output<Schema>, body: string) => Meta,
): { meta: Meta; body: string } {
  const { data, body } = parseFrontmatter(source);
  return { meta: toMeta(parseFields(schema, data), body), body };
}

/** Blog post metadata. Throws the exact errors the build reports for a missing block or missing fields. */
export function parseBlogPost(source: string): { meta: BlogPostMeta; body: string } {
  return parsePage(source, blogFrontmatterSchema, (fields, body) => ({
    id: fields.id,
    slug: fields.slug,
    title: fields.title,
    author: fields.author,
    date: fields.date,
    category: fields.category,
    excerpt: fields.excerpt ?? firstParagraph(body),
    image: fields.image ?? DEFAULT_IMAGE,
    readTime: fields.readTime ?? estimateReadTime(body),
    keywords: fields.keywords,
    ...(fields.preview === undefined ? {} : { preview: fields.preview }),
  }));
}

/** Docs page metadata: title and description required; navTitle, order and keywords optional. */
export function parseDocPage(source: string): { meta: DocMeta; body: string } {
  return parsePage(source, docFrontmatterSchema, (fields) => ({
    title: fields.title,
    description: fields.description,
    keywords: fields.keywords,
    ...(fields.navTitle === undefined ? {} : { navTitle: fields.navTitle }),
    ...(fields.order === undefined ? {} : { order: fields.order }),
  }));
}

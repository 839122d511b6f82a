import * as z from 'zod';

export const MISSING_REQUIRED_FIELDS = 'Missing required frontmatter fields';

/** Image used for a post or page that names none (the site's social banner). */
export const DEFAULT_IMAGE = '/banner.jpg';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const URL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

/** A field as text: a list reads as its items joined, and a blank value as no value. */
function textOf(value: unknown): string | undefined {
  const joined = Array.isArray(value) ? value.join(', ') : value;
  return typeof joined === 'string' && joined.trim() !== '' ? joined : undefined;
}

/** A field as a list: a YAML list, or one line of comma-separated items. */
function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item) => typeof item === 'string')
    .map((item) => stripQuotes(item))
    .filter((item) => item.length > 0);
}

const requiredText = z.preprocess(textOf, z.string({ error: MISSING_REQUIRED_FIELDS }));
const optionalText = z.preprocess(textOf, z.string().optional());
const keywords = z.preprocess(listOf, z.array(z.string()));

export const blogFrontmatterSchema = z.object({
  id: requiredText,
  slug: requiredText.superRefine((slug, ctx) => {
    if (!URL_SLUG.test(slug))
      ctx.addIssue({
        code: 'custom',
        message: `Invalid frontmatter slug "${slug}": use lowercase words joined by dashes`,
      });
  }),
  title: requiredText,
  author: requiredText,
  /** ISO date, `YYYY-MM-DD`. */
  date: requiredText.superRefine((date, ctx) => {
    if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date)))
      ctx.addIssue({ code: 'custom', message: `Invalid frontmatter date "${date}": use YYYY-MM-DD` });
  }),
  category: requiredText,
  excerpt: optionalText,
  preview: optionalText,
  image: optionalText,
  /** e.g. `4 min read`. */
  readTime: optionalText,
  keywords,
});

export const docFrontmatterSchema = z.object({
  title: requiredText,
  description: requiredText,
  /** Shorter title for the docs sidebar. */
  navTitle: optionalText,
  order: optionalText.transform((order, ctx) => {
    if (order === undefined) return undefined;
    const number = Number(order);
    if (Number.isFinite(number)) return number;
    ctx.addIssue({ code: 'custom', message: `Invalid frontmatter order "${order}": use a number` });
    return z.NEVER;
  }),
  keywords,
});

/**
 * The fields, or the error to build with: a missing required field first (one wording for all of
 * them), else the first other problem.
 */
export function parseFields<Schema extends z.ZodType>(schema: Schema, data: unknown): z.output<Schema> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const missing = issues.find((issue) => issue.message === MISSING_REQUIRED_FIELDS);
  throw new Error((missing ?? issues[0])?.message ?? MISSING_REQUIRED_FIELDS);
}

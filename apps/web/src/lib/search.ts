import * as z from 'zod';

// Route options (validateSearch, beforeLoad) are part of the entry chunk, so routes validate their
// search with the plain functions below: they keep zod out of the public pages' small JavaScript.

/** An optional search value that never fails the page: anything but a string is dropped. */
export function optionalSearchParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A required identifier, trimmed. TanStack Router parses search values as JSON, so `?code=12345678`
 * arrives as a number: numbers are accepted and become strings. Anything else fails the route with
 * "`name` is required", which its error view shows.
 */
export function requiredSearchParam(value: unknown, name: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`${name} is required`);
  return text.trim();
}

// The same rules as zod schemas, for routes that validate their search with a zod object.

/** {@link requiredSearchParam} as a zod schema. */
export const requiredSearchString = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: `${name} is required` })
      .trim()
      .min(1, `${name} is required`),
  );

/** {@link optionalSearchParam} as a zod schema. */
export const optionalSearchString = /* @__PURE__ */ z.string().optional().catch(undefined);

import { z } from 'zod';

/**
 * TanStack Router parses search values as JSON, so `?code=12345678` arrives as a number. Required
 * identifiers accept either and become strings.
 */
export const requiredSearchString = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: `${name} is required` })
      .trim()
      .min(1, `${name} is required`),
  );

/** An optional value that never fails the page: anything unusable is dropped. */
export const optionalSearchString = z.string().optional().catch(undefined);

import type { Context } from 'hono';
import type * as z from 'zod';
import { AppError } from './errors';

/** Reads and validates a JSON body with the contract schema; unknown fields are refused by the schema. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
  return validated(raw, schema);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validated(c.req.query(), schema);
}

/** Validates the path parameters the router matched (already URI-decoded). */
export function readParams<S extends z.ZodType>(params: Record<string, string>, schema: S): z.output<S> {
  return validated(params, schema);
}

function validated<S extends z.ZodType>(raw: unknown, schema: S): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success)
    throw new AppError('VALIDATION_FAILED', describeIssues(result.error), result.error.issues);
  return result.data;
}

/** "title: is required; key: must be 2–6 capital letters" — the first few issues, for people. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

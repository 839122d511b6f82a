import type { Context } from 'hono';
import type * as z from 'zod';
import { AppError } from '../domain/errors';
import { describeUnsafeInput, findUnsafeInput } from './input-safety';

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

/**
 * Refuses what no schema should have to think about (NUL, lone surrogates, runaway nesting) before
 * the schema runs, so no such value ever reaches a query.
 */
export function refuseUnsafeInput(raw: unknown): void {
  const found = findUnsafeInput(raw);
  if (found) {
    throw new AppError('VALIDATION_FAILED', describeUnsafeInput(found), [
      { path: found.path, message: found.message },
    ]);
  }
}

function validated<S extends z.ZodType>(raw: unknown, schema: S): z.output<S> {
  refuseUnsafeInput(raw);
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

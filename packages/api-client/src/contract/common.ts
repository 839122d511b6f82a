import * as z from 'zod';

/** The largest value of a PostgreSQL integer column (versions, numbers, positions of statuses). */
export const INT4_MAX = 2_147_483_647;

export const idSchema = z.string().min(1).max(100).describe('Opaque id');
export const versionSchema = z
  .number()
  .int()
  .min(1)
  .max(INT4_MAX)
  .describe('The version you read; a stale one gets 409');
/** A version given in the query string (deletes): the same range as in a body. */
export const queryVersionSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(INT4_MAX)
  .optional()
  .describe('When given, a stale version gets 409');
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export const timestampSchema = z.string().describe('ISO 8601 date-time');
export const dateSchema = z.iso.date().describe('YYYY-MM-DD');
/** Free-form details may nest this deep (the record itself is level 1). */
export const DEV_INFO_MAX_DEPTH = 20;
/** …and take this much room as JSON text. */
export const DEV_INFO_MAX_CHARACTERS = 100_000;

/** Whether a JSON value nests deeper than `limit` levels; stops looking as soon as it does. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit <= 0) return true;
  return Object.values(value).some((item) => nestsDeeperThan(item, limit - 1));
}

export const devInfoSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, context) => {
    // Depth first: measuring the size of a runaway document would walk all of it.
    if (nestsDeeperThan(value, DEV_INFO_MAX_DEPTH)) {
      context.addIssue({ code: 'custom', message: `must nest at most ${DEV_INFO_MAX_DEPTH} levels deep` });
    } else if (JSON.stringify(value).length > DEV_INFO_MAX_CHARACTERS) {
      context.addIssue({
        code: 'custom',
        message: `must be at most ${DEV_INFO_MAX_CHARACTERS} characters as JSON`,
      });
    }
  })
  .describe(
    'Free-form development details: executionPlan, testResults, filesChanged, commits, blockers, notes …',
  );

/** A page of results with an opaque cursor for the next page (absent on the last page). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().optional() });
}

export const limitSchema = z.coerce.number().int().min(1).max(1000).default(100);

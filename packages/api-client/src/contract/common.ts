import * as z from 'zod';

export const idSchema = z.string().min(1).max(100).describe('Opaque id');
export const versionSchema = z.number().int().min(1).describe('The version you read; a stale one gets 409');
export const prioritySchema = z.enum(['low', 'medium', 'high']);
export const timestampSchema = z.string().describe('ISO 8601 date-time');
export const dateSchema = z.iso.date().describe('YYYY-MM-DD');
export const devInfoSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'Free-form development details: executionPlan, testResults, filesChanged, commits, blockers, notes …',
  );

/** A page of results with an opaque cursor for the next page (absent on the last page). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().optional() });
}

export const limitSchema = z.coerce.number().int().min(1).max(1000).default(100);

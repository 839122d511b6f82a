import * as z from 'zod';
import { idSchema, limitSchema } from './common';

export const actorSchema = z.object({
  type: z.enum(['user', 'agent']),
  id: z.string().nullable(),
  name: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

export const listActivityQuerySchema = z.strictObject({
  projectId: idSchema.optional(),
  entityId: idSchema.optional(),
  // Up to 15 digits: every such number is exact in JavaScript and fits the bigint sequence.
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be an entry id')
    .optional()
    .describe('Return entries older than this id'),
  limit: limitSchema,
});

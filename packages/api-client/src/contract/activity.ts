import * as z from 'zod';
import { idSchema, limitSchema } from './common';

/** Who acts: a person, an agent (an API key), or GitHub reporting what happened to a connected repository. */
export const ACTOR_TYPES = ['user', 'agent', 'github'] as const;
export const actorTypeSchema = z.enum(ACTOR_TYPES);

export const actorSchema = z.object({
  type: actorTypeSchema,
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

import * as z from 'zod';
import { idSchema, limitSchema, timestampSchema } from './common';

export const actorSchema = z.object({
  type: z.enum(['user', 'agent']),
  id: z.string().nullable(),
  name: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

/** One committed change; also the payload of the realtime event with the same id. */
export const activitySchema = z.object({
  id: z.string().describe('Sequence number; the SSE event id'),
  organizationId: idSchema,
  projectId: idSchema.nullable(),
  actor: actorSchema,
  action: z.string().describe('Event name, e.g. task.moved'),
  entity: z.string(),
  entityId: idSchema,
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type Activity = z.infer<typeof activitySchema>;

export const listActivityQuerySchema = z.strictObject({
  projectId: idSchema.optional(),
  entityId: idSchema.optional(),
  cursor: z.string().regex(/^\d+$/).optional().describe('Return entries older than this id'),
  limit: limitSchema,
});

import * as z from 'zod';
import { idSchema, queryVersionSchema, timestampSchema, versionSchema } from './common';

/** backend-dev: lower-case letters and digits in words joined by single hyphens. */
export const agentNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, like backend-dev')
  .describe('Unique in the organization; what tasks are assigned to and API keys act as');

const descriptionSchema = z.string().max(1000).describe('One line: what this agent is for');
const instructionsSchema = z.string().max(100_000).describe('Markdown: how this agent works');
const modelSchema = z.string().trim().min(1).max(100).describe('Model to run on, e.g. claude-sonnet-4-5');
const toolsSchema = z
  .array(z.string().trim().min(1).max(200))
  .max(200)
  .describe('Tools the agent may use; empty = no restriction');

export const agentProfileSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  name: z.string(),
  description: z.string(),
  instructions: z.string().describe('Markdown'),
  model: z.string().nullable(),
  tools: z.array(z.string()),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const createAgentProfileSchema = z.strictObject({
  name: agentNameSchema,
  description: descriptionSchema.optional(),
  instructions: instructionsSchema.optional(),
  model: modelSchema.nullable().optional(),
  tools: toolsSchema.optional(),
});
export type CreateAgentProfile = z.infer<typeof createAgentProfileSchema>;

/** The name is the profile's identity (tasks and keys refer to it), so it is not changed here. */
export const updateAgentProfileSchema = z.strictObject({
  version: versionSchema,
  description: descriptionSchema.optional(),
  instructions: instructionsSchema.optional(),
  model: modelSchema.nullable().optional(),
  tools: toolsSchema.optional(),
});
export type UpdateAgentProfile = z.infer<typeof updateAgentProfileSchema>;

export const deleteAgentProfileQuerySchema = z.strictObject({
  confirm: z
    .literal('true')
    .optional()
    .describe("Needed when tasks are assigned to the agent: 'true' unassigns them"),
  version: queryVersionSchema,
});

export const agentProfileDeletionSchema = z.object({
  name: z.string(),
  /** Tasks that were assigned to the agent and are now unassigned. */
  unassignedTasks: z.number().int(),
  /** API keys that acted as the agent; they are deleted with it, so none acts as a name that is gone. */
  revokedKeys: z.number().int(),
});

import * as z from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * active: calling tools; idle: no call for a while (derived when read, see AGENT_IDLE_AFTER_MS);
 * awaiting_input: asked a person a question (request-input) and waits; ended: the client ended the session.
 */
export const agentSessionStatusSchema = z.enum(['active', 'idle', 'awaiting_input', 'ended']);
export type AgentSessionStatus = z.infer<typeof agentSessionStatusSchema>;

/** No tool call for this long turns an active session idle (computed when read, never by a timer). */
export const AGENT_IDLE_AFTER_MS = 5 * 60 * 1000;

export const agentSessionSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  projectId: idSchema
    .nullable()
    .describe('The project the session was opened for (?project= on the MCP URL)'),
  agentName: z.string().describe('The agent the API key speaks for (or the person, for a session token)'),
  apiKeyId: idSchema.nullable(),
  client: z
    .object({ name: z.string(), version: z.string() })
    .nullable()
    .describe('From the MCP initialize request, e.g. claude-code 2.1.0'),
  status: agentSessionStatusSchema,
  question: z.string().nullable().describe('What the agent asked while awaiting input'),
  currentTask: z
    .object({ id: idSchema, key: z.string(), title: z.string() })
    .nullable()
    .describe('The task the session last claimed, while it holds it'),
  startedAt: timestampSchema,
  lastSeenAt: timestampSchema,
  idleAt: timestampSchema.describe('When an active session turns idle if no call arrives before'),
  endedAt: timestampSchema.nullable(),
  version: z.number().int(),
});
export type AgentSession = z.infer<typeof agentSessionSchema>;

export const listAgentSessionsQuerySchema = z.strictObject({
  status: agentSessionStatusSchema
    .optional()
    .describe('Only sessions in this status; default: every live session and those ended in the last day'),
  projectId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListAgentSessionsQuery = z.infer<typeof listAgentSessionsQuerySchema>;

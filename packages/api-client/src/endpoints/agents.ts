import * as z from 'zod';
import { agentSessionSchema, listAgentSessionsQuerySchema } from '../contract/agent-sessions';
import {
  agentProfileDeletionSchema,
  agentProfileSchema,
  createAgentProfileSchema,
  deleteAgentProfileQuerySchema,
  updateAgentProfileSchema,
} from '../contract/agents';
import { mcpConfigSchema } from '../contract/mcp';
import { defineEndpoint, listOf } from './define';

export const agents = {
  list: defineEndpoint({
    method: 'GET',
    path: '/agents',
    summary: 'The organization’s shared agent profiles, by name',
    tag: 'Agents',
    response: listOf(agentProfileSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/agents',
    summary: 'Create an agent profile (owner/admin); its name is what tasks are assigned to',
    tag: 'Agents',
    body: createAgentProfileSchema,
    response: agentProfileSchema,
    status: 201,
    errors: ['FORBIDDEN', 'AGENT_NAME_TAKEN'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/agents/{agent}',
    summary: 'Get an agent profile by name',
    tag: 'Agents',
    response: agentProfileSchema,
    errors: ['AGENT_NOT_FOUND'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/agents/{agent}',
    summary: 'Update an agent profile (owner/admin); the name stays',
    tag: 'Agents',
    body: updateAgentProfileSchema,
    response: agentProfileSchema,
    errors: ['AGENT_NOT_FOUND', 'FORBIDDEN', 'VERSION_CONFLICT'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/agents/{agent}',
    summary: 'Delete an agent profile (owner/admin); ?confirm=true unassigns its tasks',
    tag: 'Agents',
    query: deleteAgentProfileQuerySchema,
    response: z.object({ deleted: agentProfileDeletionSchema }),
    errors: ['AGENT_NOT_FOUND', 'FORBIDDEN', 'VERSION_CONFLICT', 'CONFIRMATION_REQUIRED'],
  }),
};

export const agentSessions = {
  list: defineEndpoint({
    method: 'GET',
    path: '/agent-sessions',
    summary: 'Live and recent agent (MCP) sessions: agent, client, status, current task, last seen',
    tag: 'Agents',
    query: listAgentSessionsQuerySchema,
    response: listOf(agentSessionSchema),
  }),
};

export const mcpConfig = {
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/mcp/config',
    summary: 'Ready MCP client files for the project (Claude Code .mcp.json, Cursor), key by env variable',
    tag: 'Agents',
    response: mcpConfigSchema,
    errors: ['PROJECT_NOT_FOUND'],
  }),
};

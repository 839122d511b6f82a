import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { listAgentSessions } from '../domain/agents/sessions';
import { endpointRoutes } from '../http/endpoint-route';

/** Live and recent MCP sessions of the organisation (the Active sessions screen). */
export function agentSessionRoutes(db: Database) {
  return endpointRoutes<{ Variables: ActingVariables }>().on(
    endpoints.agentSessions.list,
    async ({ query, c }) => ({ items: await listAgentSessions(db, c.var.acting, query) }),
  ).app;
}

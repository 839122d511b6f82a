import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { listAgentSessions } from '../domain/agents/sessions';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** Live and recent MCP sessions of the organization (the Active sessions screen). */
export function agentSessionRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(
    endpoints.agentSessions.list,
    async ({ query, c }) => ({
      items: await listAgentSessions(db, c.var.acting, query, services.clock.now()),
    }),
  ).app;
}

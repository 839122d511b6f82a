import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import {
  createAgentProfile,
  deleteAgentProfile,
  findAgentProfile,
  listAgentProfiles,
  requireAgentProfileWriter,
  toAgentProfile,
  updateAgentProfile,
} from '../domain/agents/profiles';
import { assertWithinPlan } from '../domain/billing/limits';
import type { Billing } from '../domain/billing/service';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

export function agentRoutes(services: DomainServices, billing?: Billing) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.agents.list, async ({ c }) => ({
      items: await listAgentProfiles(services.db, c.var.acting),
    }))
    .on(endpoints.agents.create, async ({ body, c }) => {
      requireAgentProfileWriter(c.var.acting.role);
      return createAgentProfile(services, c.var.acting, body, (tx) =>
        assertWithinPlan(tx, billing, c.var.acting.organizationId, 'agentProfiles'),
      );
    })
    .on(endpoints.agents.get, async ({ params, c }) =>
      toAgentProfile(await findAgentProfile(services.db, c.var.acting, params.agent)),
    )
    .on(endpoints.agents.update, async ({ params, body, c }) => {
      // Existence first, so a caller learns nothing from the permission answer about other organizations.
      await findAgentProfile(services.db, c.var.acting, params.agent);
      requireAgentProfileWriter(c.var.acting.role);
      return updateAgentProfile(services, c.var.acting, params.agent, body);
    })
    .on(endpoints.agents.delete, async ({ params, query, c }) => {
      await findAgentProfile(services.db, c.var.acting, params.agent);
      requireAgentProfileWriter(c.var.acting.role);
      return deleteAgentProfile(services, c.var.acting, params.agent, {
        confirmed: query.confirm === 'true',
        version: query.version,
      });
    }).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import { roleAllows } from '@switchboard/auth/access';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import {
  createAgentProfile,
  deleteAgentProfile,
  findAgentProfile,
  listAgentProfiles,
  toAgentProfile,
  updateAgentProfile,
} from '../domain/agents/profiles';
import { assertWithinPlan } from '../domain/billing/limits';
import type { Billing } from '../domain/billing/service';
import { AppError } from '../domain/errors';
import type { EventBus } from '../events/bus';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * Shared agent profiles live under the organisation's settings, so managing them follows the role table
 * (organization:update: owners and admins). Every member, and every agent acting through an API key,
 * reads them: agents need the names to pick up work.
 */
function requireManager(role: string): void {
  if (!roleAllows(role, { organization: ['update'] })) {
    throw new AppError('FORBIDDEN', 'Only owners and admins of the organization manage agent profiles.');
  }
}

export function agentRoutes(db: Database, bus: EventBus, billing?: Billing) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.agents.list, async ({ c }) => ({ items: await listAgentProfiles(db, c.var.acting) }))
    .on(endpoints.agents.create, async ({ body, c }) => {
      requireManager(c.var.acting.role);
      return createAgentProfile(db, bus, c.var.acting, body, (tx) =>
        assertWithinPlan(tx, billing, c.var.acting.organizationId, 'agentProfiles'),
      );
    })
    .on(endpoints.agents.get, async ({ params, c }) =>
      toAgentProfile(await findAgentProfile(db, c.var.acting, params.name)),
    )
    .on(endpoints.agents.update, async ({ params, body, c }) => {
      // Existence first, so a caller learns nothing from the permission answer about other organisations.
      await findAgentProfile(db, c.var.acting, params.name);
      requireManager(c.var.acting.role);
      return updateAgentProfile(db, bus, c.var.acting, params.name, body);
    })
    .on(endpoints.agents.delete, async ({ params, query, c }) => {
      await findAgentProfile(db, c.var.acting, params.name);
      requireManager(c.var.acting.role);
      return deleteAgentProfile(db, bus, c.var.acting, params.name, {
        confirmed: query.confirm === 'true',
        version: query.version,
      });
    }).app;
}

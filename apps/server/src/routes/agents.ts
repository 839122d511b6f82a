import {
  createAgentProfileSchema,
  deleteAgentProfileQuerySchema,
  updateAgentProfileSchema,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import {
  createAgentProfile,
  deleteAgentProfile,
  findAgentProfile,
  listAgentProfiles,
  toAgentProfile,
  updateAgentProfile,
} from '../domain/agents';
import type { EventBus } from '../events/bus';
import { AppError } from '../http/errors';
import { readBody, readQuery } from '../http/validation';

/**
 * Shared agent profiles live under the organisation's settings, so managing them follows the role table
 * (organization:update: owners and admins). Every member, and every agent acting through an API key,
 * reads them: agents need the names to pick up work.
 */
function requireManager(role: string): void {
  if (!roleAllows(role, { organization: ['update'] })) {
    throw new AppError('FORBIDDEN', 'Only owners and admins of the organisation manage agent profiles.');
  }
}

export function agentRoutes(db: Database, bus: EventBus) {
  return new Hono<{ Variables: ActingVariables }>()
    .get('/agents', async (c) => c.json({ items: await listAgentProfiles(db, c.var.acting) }))
    .post('/agents', async (c) => {
      requireManager(c.var.acting.role);
      const input = await readBody(c, createAgentProfileSchema);
      return c.json(await createAgentProfile(db, bus, c.var.acting, input), 201);
    })
    .get('/agents/:name', async (c) =>
      c.json(toAgentProfile(await findAgentProfile(db, c.var.acting, c.req.param('name')))),
    )
    .patch('/agents/:name', async (c) => {
      // Existence first, so a caller learns nothing from the permission answer about other organisations.
      await findAgentProfile(db, c.var.acting, c.req.param('name'));
      requireManager(c.var.acting.role);
      const input = await readBody(c, updateAgentProfileSchema);
      return c.json(await updateAgentProfile(db, bus, c.var.acting, c.req.param('name'), input));
    })
    .delete('/agents/:name', async (c) => {
      const { confirm, version } = readQuery(c, deleteAgentProfileQuerySchema);
      await findAgentProfile(db, c.var.acting, c.req.param('name'));
      requireManager(c.var.acting.role);
      return c.json(
        await deleteAgentProfile(db, bus, c.var.acting, c.req.param('name'), {
          confirmed: confirm === 'true',
          version,
        }),
      );
    });
}

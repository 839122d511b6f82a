import {
  createWorkUnitSchema,
  deleteWorkUnitQuerySchema,
  listWorkUnitsQuerySchema,
  updateWorkUnitSchema,
} from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { deleteWorkUnit } from '../domain/work-unit-deletion';
import { getWorkUnit, listWorkUnits } from '../domain/work-unit-views';
import { createWorkUnit, updateWorkUnit } from '../domain/work-units';
import type { EventBus } from '../events/bus';
import { readBody, readQuery } from '../http/validation';

/** Work units: open to every member of the organisation, like all project data. */
export function workUnitRoutes(db: Database, bus: EventBus) {
  return new Hono<{ Variables: ActingVariables }>()
    .get('/projects/:projectId/work-units', async (c) => {
      const query = readQuery(c, listWorkUnitsQuerySchema);
      return c.json({ items: await listWorkUnits(db, c.var.acting, c.req.param('projectId'), query) });
    })
    .post('/projects/:projectId/work-units', async (c) => {
      const input = await readBody(c, createWorkUnitSchema);
      return c.json(await createWorkUnit(db, bus, c.var.acting, c.req.param('projectId'), input), 201);
    })
    .get('/work-units/:idOrSlug', async (c) =>
      c.json(await getWorkUnit(db, c.var.acting, c.req.param('idOrSlug'))),
    )
    .patch('/work-units/:idOrSlug', async (c) => {
      const input = await readBody(c, updateWorkUnitSchema);
      return c.json(await updateWorkUnit(db, bus, c.var.acting, c.req.param('idOrSlug'), input));
    })
    .delete('/work-units/:idOrSlug', async (c) => {
      const { confirm, version } = readQuery(c, deleteWorkUnitQuerySchema);
      const options = { confirmed: confirm === 'true', version };
      return c.json(await deleteWorkUnit(db, bus, c.var.acting, c.req.param('idOrSlug'), options));
    });
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { deleteWorkUnit } from '../domain/work-units/deletion';
import { getWorkUnit, listWorkUnits } from '../domain/work-units/views';
import { createWorkUnit, updateWorkUnit } from '../domain/work-units/work-units';
import type { EventBus } from '../events/bus';
import { endpointRoutes } from '../http/endpoint-route';

/** Work units: open to every member of the organisation, like all project data. */
export function workUnitRoutes(db: Database, bus: EventBus) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.workUnits.list, async ({ params, query, c }) => ({
      items: await listWorkUnits(db, c.var.acting, params.projectId, query),
    }))
    .on(endpoints.workUnits.create, ({ params, body, c }) =>
      createWorkUnit(db, bus, c.var.acting, params.projectId, body),
    )
    .on(endpoints.workUnits.get, ({ params, c }) => getWorkUnit(db, c.var.acting, params.workUnit))
    .on(endpoints.workUnits.update, ({ params, body, c }) =>
      updateWorkUnit(db, bus, c.var.acting, params.workUnit, body),
    )
    .on(endpoints.workUnits.delete, ({ params, query, c }) =>
      deleteWorkUnit(db, bus, c.var.acting, params.workUnit, {
        confirmed: query.confirm === 'true',
        version: query.version,
      }),
    ).app;
}

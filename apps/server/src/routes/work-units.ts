import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { DomainServices } from '../domain/services';
import { deleteWorkUnit } from '../domain/work-units/deletion';
import { getWorkUnit, listWorkUnits } from '../domain/work-units/views';
import { createWorkUnit, updateWorkUnit } from '../domain/work-units/work-units';
import { endpointRoutes } from '../http/endpoint-route';

/** Work units: open to every member of the organization, like all project data. */
export function workUnitRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.workUnits.list, async ({ params, query, c }) => ({
      items: await listWorkUnits(services.db, c.var.acting, params.projectId, query),
    }))
    .on(endpoints.workUnits.create, ({ params, body, c }) =>
      createWorkUnit(services, c.var.acting, params.projectId, body),
    )
    .on(endpoints.workUnits.get, ({ params, c }) =>
      getWorkUnit(services.db, c.var.acting, params.workUnit, services.clock.now()),
    )
    .on(endpoints.workUnits.update, ({ params, body, c }) =>
      updateWorkUnit(services, c.var.acting, params.workUnit, body),
    )
    .on(endpoints.workUnits.delete, ({ params, query, c }) =>
      deleteWorkUnit(services, c.var.acting, params.workUnit, {
        confirmed: query.confirm === 'true',
        version: query.version,
      }),
    ).app;
}

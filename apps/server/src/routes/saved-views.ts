import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from '../domain/saved-views/saved-views';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** Saved views of a project's list: every member saves their own; shared ones are their author's and the admins'. */
export function savedViewRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.savedViews.list, async ({ params, c }) => ({
      items: await listSavedViews(db, c.var.acting, params.projectId),
    }))
    .on(endpoints.savedViews.create, ({ params, body, c }) =>
      createSavedView(services, c.var.acting, params.projectId, body),
    )
    .on(endpoints.savedViews.update, ({ params, body, c }) =>
      updateSavedView(services, c.var.acting, params.viewId, body),
    )
    .on(endpoints.savedViews.delete, ({ params, query, c }) =>
      deleteSavedView(db, c.var.acting, params.viewId, { version: query.version }),
    ).app;
}

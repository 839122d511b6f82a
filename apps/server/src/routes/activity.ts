import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { listActivity } from '../domain/activity';
import { findProject } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

export function activityRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(
    endpoints.activity.list,
    async ({ query, c }) => {
      if (query.projectId) await findProject(db, c.var.acting, query.projectId);
      return listActivity(db, c.var.acting, query);
    },
  ).app;
}

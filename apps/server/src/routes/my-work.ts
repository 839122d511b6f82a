import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { myWork } from '../domain/people/my-work';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** The caller's own work across the organization's projects: open to every member. */
export function myWorkRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(endpoints.myWork.get, ({ c }) =>
    myWork(db, c.var.acting, services.clock.now()),
  ).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { myWork } from '../domain/people/my-work';
import { endpointRoutes } from '../http/endpoint-route';

/** The caller's own work across the organization's projects: open to every member. */
export function myWorkRoutes(db: Database) {
  return endpointRoutes<{ Variables: ActingVariables }>().on(endpoints.myWork.get, ({ c }) =>
    myWork(db, c.var.acting),
  ).app;
}

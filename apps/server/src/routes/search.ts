import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { search } from '../domain/search';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** Every member and agent of an organization may search it; nothing of another organization is found. */
export function searchRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(endpoints.search.find, async ({ query, c }) => ({
    items: await search(db, c.var.acting, query),
  })).app;
}

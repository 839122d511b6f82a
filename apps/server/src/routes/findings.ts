import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { dismissFinding, listFindings } from '../domain/architecture/findings';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** A task's review findings: every member reads them; a person (not an agent) dismisses one. */
export function findingRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.findings.list, async ({ params, query, c }) => ({
      items: await listFindings(services.db, c.var.acting, params.task, query.status),
    }))
    .on(endpoints.findings.dismiss, ({ params, body, c }) =>
      dismissFinding(services, c.var.acting, params.findingId, body.reason),
    ).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { dismissFinding, listFindings } from '../domain/architecture/findings';
import type { EventBus } from '../events/bus';
import { endpointRoutes } from '../http/endpoint-route';

/** A task's review findings: every member reads them; a person (not an agent) dismisses one. */
export function findingRoutes(db: Database, bus: EventBus) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.findings.list, async ({ params, query, c }) => ({
      items: await listFindings(db, c.var.acting, params.task, query.status),
    }))
    .on(endpoints.findings.dismiss, ({ params, body, c }) =>
      dismissFinding(db, bus, c.var.acting, params.findingId, body.reason),
    ).app;
}

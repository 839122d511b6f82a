import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { DomainServices } from '../domain/services';
import {
  createLabel,
  deleteLabel,
  findLabel,
  listLabels,
  requireLabelWriter,
  toLabel,
  updateLabel,
} from '../domain/tasks/labels';
import { endpointRoutes } from '../http/endpoint-route';

/** Every member, and every agent, reads the labels; owners and admins create, change and delete them. */
export function labelRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.labels.list, async ({ c }) => ({
      items: (await listLabels(services.db, c.var.acting)).map(toLabel),
    }))
    .on(endpoints.labels.create, ({ body, c }) => {
      requireLabelWriter(c.var.acting.role);
      return createLabel(services, c.var.acting, body);
    })
    .on(endpoints.labels.get, async ({ params, c }) =>
      toLabel(await findLabel(services.db, c.var.acting, params.labelId)),
    )
    .on(endpoints.labels.update, async ({ params, body, c }) => {
      // Existence first, so a caller learns nothing about other organizations from the permission answer.
      await findLabel(services.db, c.var.acting, params.labelId);
      requireLabelWriter(c.var.acting.role);
      return updateLabel(services, c.var.acting, params.labelId, body);
    })
    .on(endpoints.labels.delete, async ({ params, c }) => {
      await findLabel(services.db, c.var.acting, params.labelId);
      requireLabelWriter(c.var.acting.role);
      return deleteLabel(services, c.var.acting, params.labelId);
    }).app;
}

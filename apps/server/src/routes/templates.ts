import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  renderTemplate,
  replaceTemplate,
  requireTemplateWriter,
  toTemplate,
} from '../domain/scaffolding/templates';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';
import { workShare } from '../http/worker-failures';

/** Every member, and every agent, reads and previews the templates; owners and admins write them. */
export function templateRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.templates.list, async ({ c }) => ({
      items: await listTemplates(services.db, c.var.acting),
    }))
    .on(endpoints.templates.create, ({ body, c }) => {
      requireTemplateWriter(c.var.acting.role);
      return createTemplate(services, c.var.acting, body);
    })
    .on(endpoints.templates.get, async ({ params, c }) =>
      toTemplate(await findTemplate(services.db, c.var.acting, params.template)),
    )
    .on(endpoints.templates.replace, async ({ params, body, c }) => {
      // Existence first, so a caller learns nothing from the permission answer about other organizations.
      await findTemplate(services.db, c.var.acting, params.template);
      requireTemplateWriter(c.var.acting.role);
      return replaceTemplate(services, c.var.acting, params.template, body);
    })
    .on(endpoints.templates.delete, async ({ params, c }) => {
      await findTemplate(services.db, c.var.acting, params.template);
      requireTemplateWriter(c.var.acting.role);
      return deleteTemplate(services, c.var.acting, params.template);
    })
    .on(endpoints.templates.preview, async ({ params, body, c }) =>
      renderTemplate(
        await findTemplate(services.db, c.var.acting, params.template),
        body,
        workShare(c.var.acting.organizationId, c.req.raw.signal),
      ),
    ).app;
}

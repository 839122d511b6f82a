import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { reviewSource } from '../domain/architecture/reviews';
import {
  createRuleSet,
  deleteRuleSet,
  findRuleSet,
  listRuleSets,
  requireRuleSetWriter,
  ruleSetYaml,
  toRuleSet,
  updateRuleSet,
} from '../domain/architecture/rule-sets';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';
import { workShare } from '../http/worker-failures';

/** Every member, and every agent, reads and tries the rule sets; owners and admins write them. */
export function ruleSetRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.ruleSets.list, async ({ c }) => ({ items: await listRuleSets(services.db, c.var.acting) }))
    .on(endpoints.ruleSets.create, ({ body, c }) => {
      requireRuleSetWriter(c.var.acting.role);
      return createRuleSet(services, c.var.acting, body);
    })
    .on(endpoints.ruleSets.get, async ({ params, query, c }) => {
      const row = await findRuleSet(services.db, c.var.acting, params.ruleSet);
      return query.format === 'yaml' ? ruleSetYaml(row) : toRuleSet(row);
    })
    .on(endpoints.ruleSets.update, async ({ params, body, c }) => {
      // Existence first, so a caller learns nothing from the permission answer about other organizations.
      await findRuleSet(services.db, c.var.acting, params.ruleSet);
      requireRuleSetWriter(c.var.acting.role);
      return updateRuleSet(services, c.var.acting, params.ruleSet, body);
    })
    .on(endpoints.ruleSets.delete, async ({ params, c }) => {
      await findRuleSet(services.db, c.var.acting, params.ruleSet);
      requireRuleSetWriter(c.var.acting.role);
      return deleteRuleSet(services, c.var.acting, params.ruleSet);
    })
    .on(endpoints.ruleSets.review, async ({ params, body, c }) => {
      const row = await findRuleSet(services.db, c.var.acting, params.ruleSet);
      const review = await reviewSource(
        row.content,
        { filePath: body.file_path, source: body.content, diff: body.diff },
        workShare(c.var.acting.organizationId, c.req.raw.signal),
      );
      return review.answer;
    }).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { acceptPlan } from '../domain/plans/accept';
import { proposePlan, rejectPlan, revisePlan } from '../domain/plans/lifecycle';
import { addPlanMessage, messagesSince } from '../domain/plans/messages';
import { getPlan, listPlans } from '../domain/plans/reads';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * Every member and agent reads, proposes, revises and discusses plans; only people accept or reject
 * them (the domain answers an agent 403 after the plan is found, so other organizations' plans stay 404).
 */
export function planRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.plans.list, async ({ params, query, c }) => ({
      items: await listPlans(services.db, c.var.acting, params.projectId, query),
    }))
    .on(endpoints.plans.create, ({ params, body, c }) =>
      proposePlan(services, c.var.acting, params.projectId, body),
    )
    .on(endpoints.plans.get, ({ params, query, c }) =>
      getPlan(services.db, c.var.acting, params.planId, query.revision),
    )
    .on(endpoints.plans.update, ({ params, body, c }) =>
      revisePlan(services, c.var.acting, params.planId, body),
    )
    .on(endpoints.plans.messages, async ({ params, query, c }) => ({
      items: await messagesSince(services.db, c.var.acting, params.planId, query.since, query.limit),
    }))
    .on(endpoints.plans.addMessage, ({ params, body, c }) =>
      addPlanMessage(services, c.var.acting, params.planId, body),
    )
    .on(endpoints.plans.accept, ({ params, body, c }) =>
      acceptPlan(services, c.var.acting, params.planId, body),
    )
    .on(endpoints.plans.reject, ({ params, body, c }) =>
      rejectPlan(services, c.var.acting, params.planId, body.reason),
    ).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { requireRuleSetWriter } from '../domain/architecture/rule-sets';
import { assertWithinPlan } from '../domain/billing/limits';
import type { Billing } from '../domain/billing/service';
import { AppError } from '../domain/errors';
import { findProject } from '../domain/projects/lookup';
import {
  createProject,
  deleteProject,
  listProjects,
  listStatuses,
  projectAnswer,
  projectContents,
  updateProject,
} from '../domain/projects/projects';
import { requireTemplateWriter } from '../domain/scaffolding/templates';
import type { DomainServices } from '../domain/services';
import { canWriteSettings } from '../domain/settings-writers';
import {
  createTaskStatus,
  deleteTaskStatus,
  findStatusOf,
  requireStatusWriter,
  updateTaskStatus,
} from '../domain/tasks/statuses';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * Projects are open to every member for reading and writing; deleting one follows the role table
 * (organization:update, i.e. owner and admin), because it destroys everyone's work.
 */
export function projectRoutes(services: DomainServices, billing?: Billing) {
  return (
    endpointRoutes<{ Variables: ActingVariables }>()
      .on(endpoints.projects.list, async ({ c }) => ({
        items: await listProjects(services.db, c.var.acting),
      }))
      .on(endpoints.projects.create, async ({ body, c }) => {
        return createProject(services, c.var.acting, body, (tx) =>
          assertWithinPlan(tx, billing, c.var.acting.organizationId, 'projects'),
        );
      })
      .on(endpoints.projects.get, async ({ params, c }) => {
        const row = await findProject(services.db, c.var.acting, params.projectId);
        return {
          ...(await projectAnswer(services.db, row)),
          contents: await projectContents(services.db, row.id),
        };
      })
      .on(endpoints.projects.update, async ({ params, body, c }) => {
        // Which rules gate the agents' work is the organization's decision, like the rule sets themselves.
        if (body.ruleSet !== undefined) {
          await findProject(services.db, c.var.acting, params.projectId);
          requireRuleSetWriter(c.var.acting.role);
        }
        // So is the template its agents scaffold with when they name none.
        if (body.template !== undefined) {
          await findProject(services.db, c.var.acting, params.projectId);
          requireTemplateWriter(c.var.acting.role);
        }
        return updateProject(services, c.var.acting, params.projectId, body);
      })
      .on(endpoints.projects.delete, async ({ params, query, c }) => {
        // Existence first, so an outsider learns nothing from the permission answer.
        await findProject(services.db, c.var.acting, params.projectId);
        if (!canWriteSettings(c.var.acting.role)) {
          throw new AppError('FORBIDDEN', 'not allowed to access resource project');
        }
        return deleteProject(services, c.var.acting, params.projectId, query.confirm === 'true');
      })
      .on(endpoints.projects.statuses, async ({ params, c }) => ({
        items: await listStatuses(services.db, c.var.acting, params.projectId),
      }))
      // Existence first in each, so an outsider learns nothing from the permission answer.
      .on(endpoints.projects.createStatus, async ({ params, body, c }) => {
        await findProject(services.db, c.var.acting, params.projectId);
        requireStatusWriter(c.var.acting.role);
        return createTaskStatus(services, c.var.acting, params.projectId, body);
      })
      .on(endpoints.projects.updateStatus, async ({ params, body, c }) => {
        await findStatusOf(services.db, c.var.acting, params.projectId, params.statusId);
        requireStatusWriter(c.var.acting.role);
        return updateTaskStatus(services, c.var.acting, params.projectId, params.statusId, body);
      })
      .on(endpoints.projects.deleteStatus, async ({ params, query, c }) => {
        await findStatusOf(services.db, c.var.acting, params.projectId, params.statusId);
        requireStatusWriter(c.var.acting.role);
        return deleteTaskStatus(services, c.var.acting, params.projectId, params.statusId, query.moveTo);
      }).app
  );
}

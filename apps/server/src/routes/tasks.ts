import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingIdentity, ActingVariables } from '../auth/acting-context';
import { claimTask, nextTask, releaseTask } from '../domain/agents/claims';
import { completeTasks } from '../domain/people/assignee-people';
import { findProject } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { bulkChangeTasks } from '../domain/tasks/bulk';
import { createComment, listComments } from '../domain/tasks/comments';
import { moveTask } from '../domain/tasks/move';
import { createTask, deleteTask, updateTask } from '../domain/tasks/tasks';
import { findTask, toTask } from '../domain/tasks/views';
import { endpointRoutes } from '../http/endpoint-route';
import { cachedJsonResponse } from '../http/response-cache';
import { taskListAnswers } from '../http/task-list-answers';

/**
 * What a claim taken over REST names as its holder's session: no MCP session took it, so the key (or
 * the person) that did. The claim itself belongs to the agent, whichever session continues it.
 */
const restClaimant = (acting: ActingIdentity) => `rest:${acting.apiKeyId ?? acting.actor.id ?? 'unknown'}`;

/** Tasks, their moves, claims and comments: open to every member of the organization. */
export function taskRoutes(services: DomainServices) {
  const taskList = taskListAnswers(services);
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.tasks.list, async ({ params, query, c }) =>
      // ?label= may repeat as well as list names with commas; either way the task must carry them all.
      cachedJsonResponse(
        c,
        await taskList(c.var.acting, params.projectId, {
          ...query,
          label: c.req.queries('label')?.join(','),
        }),
      ),
    )
    .on(endpoints.tasks.create, ({ params, body, c }) =>
      createTask(services, c.var.acting, params.projectId, body),
    )
    .on(endpoints.tasks.get, async ({ params, c }) =>
      completeTasks(
        services.db,
        c.var.acting.organizationId,
        toTask((await findTask(services.db, c.var.acting, params.task)).task, services.clock.now()),
      ),
    )
    .on(endpoints.tasks.update, ({ params, body, c }) =>
      updateTask(services, c.var.acting, params.task, body),
    )
    .on(endpoints.tasks.delete, ({ params, query, c }) =>
      deleteTask(services, c.var.acting, params.task, { version: query.version }),
    )
    .on(
      endpoints.tasks.move,
      async ({ params, body, c }) => (await moveTask(services, c.var.acting, params.task, body)).task,
    )
    .on(endpoints.tasks.claim, ({ params, c }) =>
      claimTask(services, c.var.acting, restClaimant(c.var.acting), params.task),
    )
    .on(endpoints.tasks.release, ({ params, c }) =>
      releaseTask(services, c.var.acting, restClaimant(c.var.acting), params.task),
    )
    .on(endpoints.tasks.next, async ({ params, c }) => {
      const acting = c.var.acting;
      const project = await findProject(services.db, acting, params.projectId);
      const next = await nextTask(services, acting, {
        projectId: project.id,
        agentName: acting.actor.name,
        sessionId: restClaimant(acting),
        claim: true,
      });
      return next ?? { task: null, resumed: false };
    })
    .on(endpoints.tasks.bulk, ({ params, body, c }) =>
      bulkChangeTasks(services, c.var.acting, params.projectId, body),
    )
    .on(endpoints.comments.list, async ({ params, c }) => ({
      items: await listComments(services.db, c.var.acting, params.task),
    }))
    .on(endpoints.comments.create, ({ params, body, c }) =>
      createComment(services, c.var.acting, params.task, body),
    ).app;
}

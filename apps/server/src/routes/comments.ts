import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { DomainServices } from '../domain/services';
import { deleteComment, updateComment } from '../domain/tasks/comments';
import { endpointRoutes } from '../http/endpoint-route';

/** One comment, addressed by its id: only its author (a person) changes or deletes it. */
export function commentRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.comments.update, ({ params, body, c }) =>
      updateComment(services, c.var.acting, params.commentId, body),
    )
    .on(endpoints.comments.delete, async ({ params, query, c }) => ({
      deleted: await deleteComment(services, c.var.acting, params.commentId, { version: query.version }),
    })).app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { deleteComment, updateComment } from '../domain/tasks/comments';
import type { EventBus } from '../events/bus';
import { endpointRoutes } from '../http/endpoint-route';

/** One comment, addressed by its id: only its author (a person) changes or deletes it. */
export function commentRoutes(db: Database, bus: EventBus) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.comments.update, ({ params, body, c }) =>
      updateComment(db, bus, c.var.acting, params.commentId, body),
    )
    .on(endpoints.comments.delete, async ({ params, query, c }) => ({
      deleted: await deleteComment(db, bus, c.var.acting, params.commentId, { version: query.version }),
    })).app;
}

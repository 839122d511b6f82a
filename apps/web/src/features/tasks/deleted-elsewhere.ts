import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';

/** Something known to be gone: who deleted it, when the event said (null when a 404 told us). */
export interface Deletion {
  by: string | null;
}

/** What can be deleted while its page is open elsewhere. */
type DeletedKind = 'task' | 'project';

/**
 * Tasks and projects deleted while their pages may be open, kept in the query cache under their own
 * root (no invalidation of tasks or projects ever touches them). Nothing fetches them: they are written
 * by the event stream or by a change refused with 404, and read by the page, which then stops being
 * editable and stops reading what is gone.
 */
const deletedQueryOptions = (kind: DeletedKind, id: string) =>
  queryOptions<Deletion>({
    queryKey: [`deleted-${kind}s`, id] as const,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });

function markDeleted(queryClient: QueryClient, kind: DeletedKind, id: string, by: string | null): void {
  const key = deletedQueryOptions(kind, id).queryKey;
  // The event names who did it; a later 404 must not forget that.
  if (by === null && queryClient.getQueryData(key)) return;
  queryClient.setQueryData(key, { by });
}

export const deletedTaskQueryOptions = (taskId: string) => deletedQueryOptions('task', taskId);

export function markTaskDeleted(queryClient: QueryClient, taskId: string, by: string | null): void {
  markDeleted(queryClient, 'task', taskId, by);
}

export const deletedProjectQueryOptions = (projectId: string) => deletedQueryOptions('project', projectId);

export function markProjectDeleted(queryClient: QueryClient, projectId: string, by: string | null): void {
  markDeleted(queryClient, 'project', projectId, by);
}

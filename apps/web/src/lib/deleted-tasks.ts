import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';

/** A task known to be gone: who deleted it, when the event said (null when a 404 told us). */
export interface TaskDeletion {
  by: string | null;
}

/**
 * Tasks deleted while their pages may be open, kept in the query cache under their own root (no
 * invalidation of tasks ever touches them). Nothing fetches them: they are written by the event
 * stream or by a change refused with 404, and read by the task page, which then stops being editable.
 */
export const deletedTaskQueryOptions = (taskId: string) =>
  queryOptions<TaskDeletion>({
    queryKey: ['deleted-tasks', taskId] as const,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function markTaskDeleted(queryClient: QueryClient, taskId: string, by: string | null): void {
  const key = deletedTaskQueryOptions(taskId).queryKey;
  // The event names who did it; a later 404 must not forget that.
  if (by === null && queryClient.getQueryData(key)) return;
  queryClient.setQueryData(key, { by });
}

import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';

/** Something known to be gone: who deleted it, when the event said (null when a 404 told us). */
export interface Deletion {
  by: string | null;
}

/**
 * Things deleted while their pages may be open, kept in the query cache under a root of their kind's
 * own (`deleted-tasks`), which no invalidation of the things themselves ever touches. Nothing fetches
 * them: they are written by the event stream or by a change refused with 404, and read by the page,
 * which then stops being editable and stops reading what is gone.
 */
export const deletedQueryOptions = (kind: string, id: string) =>
  queryOptions<Deletion>({
    queryKey: [`deleted-${kind}s`, id] as const,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function markDeleted(queryClient: QueryClient, kind: string, id: string, by: string | null): void {
  const key = deletedQueryOptions(kind, id).queryKey;
  // The event names who did it; a later 404 must not forget that.
  if (by === null && queryClient.getQueryData(key)) return;
  queryClient.setQueryData(key, { by });
}

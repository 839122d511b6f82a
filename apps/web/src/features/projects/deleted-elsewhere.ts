import type { QueryClient } from '@tanstack/react-query';
import { deletedQueryOptions, markDeleted } from '../../lib/deleted-elsewhere';

/** A project deleted while its pages may be open. */
export const deletedProjectQueryOptions = (projectId: string) => deletedQueryOptions('project', projectId);

export function markProjectDeleted(queryClient: QueryClient, projectId: string, by: string | null): void {
  markDeleted(queryClient, 'project', projectId, by);
}

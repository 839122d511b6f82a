import type { QueryClient } from '@tanstack/react-query';
import { deletedQueryOptions, markDeleted } from '../../lib/deleted-elsewhere';

/** A task deleted while its page may be open. */
export const deletedTaskQueryOptions = (taskId: string) => deletedQueryOptions('task', taskId);

export function markTaskDeleted(queryClient: QueryClient, taskId: string, by: string | null): void {
  markDeleted(queryClient, 'task', taskId, by);
}

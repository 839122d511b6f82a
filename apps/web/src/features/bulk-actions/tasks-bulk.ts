import type { TypedApi } from '@switchboard/api-client';
import type { BulkRefusal, BulkTasks, BulkTasksResult } from '@switchboard/api-client/contract';
import { errorDetailsOf } from '../../lib/api';

/** Changes many tasks of a project at once: all of them, or none when any is refused. */
export function bulkChangeTasks(api: TypedApi, projectId: string, body: BulkTasks): Promise<BulkTasksResult> {
  return api.tasks.bulk({ projectId, body });
}

/** The tasks a refused bulk change names in `details.refused`, each with why; empty for other errors. */
export function refusedTasksOf(error: unknown): BulkRefusal[] {
  const details = errorDetailsOf(error);
  if (typeof details !== 'object' || details === null || !('refused' in details)) return [];
  const refused: unknown = details.refused;
  if (!Array.isArray(refused)) return [];
  return refused.filter(
    (item): item is BulkRefusal =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.task === 'string' &&
      typeof item.code === 'string',
  );
}

import type { BulkTaskAction, Task } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { plural } from '../../components/ui/format';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { taskSelection } from '../../lib/task-selection';
import { taskKeys } from '../tasks/tasks';
import { removeTask } from '../tasks/tasks-board';
import { refreshDerived, storeTask } from '../tasks/tasks-cache';
import { bulkChangeTasks, refusedTasksOf } from './tasks-bulk';

export interface BulkChange {
  tasks: readonly Pick<Task, 'id' | 'key'>[];
  action: BulkTaskAction;
  /** What the toast says was done, e.g. "Moved to Done". */
  done: string;
}

/**
 * Sends one bulk change. The answer lands in the board's cache at once (the events that follow find
 * it there); a refusal changes nothing, says which tasks and why, and keeps the selection to try again.
 */
export function useBulkChange(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tasks, action }: BulkChange) =>
      bulkChangeTasks(api, projectId, { taskIds: tasks.map((task) => task.id), action }),
    onSuccess: (result, { tasks, done }) => {
      for (const task of result.items) storeTask(queryClient, task);
      if (result.deleted.length > 0) {
        queryClient.setQueryData<Task[]>(taskKeys.board(projectId), (current) =>
          current ? result.deleted.reduce((left, deleted) => removeTask(left, deleted.id), current) : current,
        );
      }
      refreshDerived(queryClient, projectId);
      taskSelection.clear();
      toast.success(`${done}: ${plural(tasks.length, 'task')}`);
    },
    onError: (error) => {
      const refused = refusedTasksOf(error);
      const names = refused.map((item) => item.key ?? item.task);
      toast.error(
        refused.length > 0
          ? `Nothing changed: ${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''} refused`
          : 'Nothing changed',
        { description: describeError(error) },
      );
      void queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) });
    },
  });
}

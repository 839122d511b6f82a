import type { Task, TaskStatus, UpdateTask } from '@switchboard/api-client/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { taskSelection } from '../../lib/task-selection';
import { statusesQueryOptions } from '../projects/projects';
import { moveTask, taskQueryOptions, updateTask } from '../tasks/tasks';
import { refreshDerived, refreshTask, storeTask } from '../tasks/tasks-cache';

/** "SWB-12" for one task, "3 tasks" for several. */
export function tasksPhrase(keys: readonly string[]): string {
  return keys.length === 1 ? (keys[0] ?? 'the task') : `${keys.length} tasks`;
}

/** The status called `name` among a project's statuses, compared without case. */
export function statusNamed(statuses: readonly TaskStatus[], name: string): TaskStatus | undefined {
  return statuses.find((status) => status.name.toLowerCase() === name.toLowerCase());
}

export interface TargetChanges {
  /** Moves every targeted task to the status of this name in its own project. */
  moveTo: (statusName: string) => Promise<void>;
  /** Sets or clears the assignee (an agent profile or a member) of every targeted task. */
  assign: (assignee: { agent: string } | { userId: string } | null, name: string) => Promise<void>;
  /** Any other change of the targeted tasks' fields, described for the toast ("Added label Bug to"). */
  update: (changes: (task: Task) => Omit<UpdateTask, 'version'>, doneWords: string) => Promise<void>;
}

/**
 * What the palette's task actions do to `taskSelection.targets()`: each task is read fresh (its current
 * version), changed, and put into every cached copy; one toast says what happened, another what failed.
 */
export function useTargetChanges(): TargetChanges {
  const api = useApi();
  const queryClient = useQueryClient();

  const forEachTarget = async (
    change: (task: Task) => Promise<Task | null>,
    doneWords: (keys: string[]) => string,
    failedAction: string,
  ) => {
    const ids = taskSelection.targets();
    const changed: string[] = [];
    const failures: { key: string; error: unknown }[] = [];
    await Promise.all(
      ids.map(async (id) => {
        let task: Task | undefined;
        try {
          task = await queryClient.fetchQuery({ ...taskQueryOptions(api, id), staleTime: 0 });
          const updated = await change(task);
          if (!updated) return;
          storeTask(queryClient, updated);
          refreshDerived(queryClient, updated.projectId);
          changed.push(updated.key);
        } catch (error) {
          failures.push({ key: task?.key ?? 'a task', error });
          if (task) refreshTask(queryClient, task);
        }
      }),
    );
    if (changed.length > 0) toast.success(doneWords(changed.sort()));
    for (const { key, error } of failures) {
      toast.error(`Could not ${failedAction} ${key}`, {
        description: isVersionConflict(error)
          ? 'Someone changed it first; it now shows the latest version.'
          : describeError(error),
      });
    }
  };

  return {
    moveTo: (statusName) =>
      forEachTarget(
        async (task) => {
          const statuses = await queryClient.fetchQuery(statusesQueryOptions(api, task.projectId));
          const status = statusNamed(statuses, statusName);
          if (!status) throw new Error(`Its project has no status called ${statusName}.`);
          if (status.id === task.statusId) return null;
          return moveTask(api, task.id, { version: task.version, statusId: status.id });
        },
        (keys) => `Moved ${tasksPhrase(keys)} to ${statusName}`,
        'move',
      ),
    assign: (assignee, name) =>
      forEachTarget(
        (task) => {
          const changes =
            assignee === null
              ? { assignee: null, assigneeUserId: null }
              : 'agent' in assignee
                ? { assignee: assignee.agent }
                : { assigneeUserId: assignee.userId };
          return updateTask(api, task.id, { ...changes, version: task.version });
        },
        (keys) =>
          assignee === null ? `Unassigned ${tasksPhrase(keys)}` : `Assigned ${tasksPhrase(keys)} to ${name}`,
        'assign',
      ),
    update: (changes, doneWords) =>
      forEachTarget(
        (task) => updateTask(api, task.id, { ...changes(task), version: task.version }),
        (keys) => `${doneWords} ${tasksPhrase(keys)}`,
        'change',
      ),
  };
}

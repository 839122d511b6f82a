import type { Comment, CreateTask, Task, UpdateTask } from '@switchboard/api-client/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { isNotFound, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { markTaskDeleted } from './deleted-elsewhere';
import { createComment, createTask, deleteTask, moveTask, taskKeys, updateTask } from './tasks';
import { removeTask, withMove } from './tasks-board';
import { holdsTask, latestTask, refreshDerived, refreshTask, storeTask } from './tasks-cache';

/**
 * After a change to a task failed: a conflict always says so (the page is about to change under the
 * person), other errors unless the caller shows them itself; either way the task is read again.
 */
export function reportTaskFailure(
  queryClient: QueryClient,
  task: Pick<Task, 'id' | 'key' | 'projectId'>,
  error: unknown,
  action: 'move' | 'update' | 'delete',
  options: { silent?: boolean } = {},
) {
  if (isNotFound(error)) {
    // Gone: its page says so (read-only) rather than reading it again.
    markTaskDeleted(queryClient, task.id, null);
    toast.error(`${task.key} was deleted`, { description: 'Nothing was changed.' });
    return;
  }
  if (isVersionConflict(error))
    toast.error(`${task.key} was changed by someone else first`, {
      description: 'The board now shows the latest version; try again if you still want your change.',
    });
  else if (!options.silent)
    toast.error(`Could not ${action} ${task.key}`, { description: describeError(error) });
  refreshTask(queryClient, task);
}

export interface MoveVariables {
  task: Task;
  statusId: string;
  position: number;
}

/**
 * Moves a card optimistically: it lands at once, the server is told, and on a 409 (someone moved or
 * edited it first) the card goes back, the board reloads and a toast says why. Moves of one card run
 * one after another, each sending the version the previous one produced.
 */
export function useMoveTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, statusId, position }: MoveVariables) => {
      const current = latestTask(queryClient, task);
      return moveTask(api, current.key, { version: current.version, statusId, position });
    },
    scope: { id: 'task-move' },
    onMutate: async ({ task, statusId, position }) => {
      const key = taskKeys.board(task.projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const before =
        queryClient.getQueryData<Task[]>(key)?.find((candidate) => candidate.id === task.id) ?? task;
      queryClient.setQueryData<Task[]>(key, (tasks) =>
        tasks ? withMove(tasks, task.id, statusId, position) : tasks,
      );
      queryClient.setQueriesData<Task>(
        { queryKey: taskKeys.details(), predicate: holdsTask(task.id) },
        (current) => (current ? { ...current, statusId, position } : current),
      );
      return { before };
    },
    onSuccess: (task) => {
      storeTask(queryClient, task);
      refreshDerived(queryClient, task.projectId);
    },
    onError: (error, { task }, context) => {
      const before = context?.before;
      if (before) {
        // Back where it was, unless a newer copy arrived meanwhile (then that one is the truth).
        queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
          tasks?.map((candidate) =>
            candidate.id === before.id && candidate.version <= before.version ? before : candidate,
          ),
        );
      }
      reportTaskFailure(queryClient, task, error, 'move');
    },
  });
}

/** Creates a task (quick create on the board, or anywhere); the new card appears in place. */
export function useCreateTask(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTask) => createTask(api, projectId, input),
    onSuccess: (task) => {
      storeTask(queryClient, task);
      refreshDerived(queryClient, projectId);
    },
  });
}

type TaskChanges = Omit<UpdateTask, 'version'>;

/**
 * A task's changes, or a function making them from the task as it will then be: for changes built on
 * the current value (adding to a list), so quick successive ones each build on the one before.
 */
export type TaskUpdate = TaskChanges | ((current: Task) => TaskChanges);

const changesFor = (update: TaskUpdate, current: Task) =>
  typeof update === 'function' ? update(current) : update;

/**
 * A PATCH of a task with the version the page shows. On 409 the page is refreshed and a toast says so;
 * other errors are toasted unless the caller shows them itself (`silent`).
 */
export function useUpdateTask(task: Task, options: { silent?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TaskUpdate) => {
      const current = latestTask(queryClient, task);
      return updateTask(api, current.key, { ...changesFor(update, current), version: current.version });
    },
    scope: { id: `task-${task.id}` },
    // Shown at once (a ticked box stays ticked); the answer, or on failure a refetch, settles it.
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.board(task.projectId) });
      const changes = changesFor(update, latestTask(queryClient, task));
      const apply = (current: Task) => (current.id === task.id ? { ...current, ...changes } : current);
      queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) => tasks?.map(apply));
      queryClient.setQueriesData<Task>(
        { queryKey: taskKeys.details(), predicate: holdsTask(task.id) },
        (current) => (current ? apply(current) : current),
      );
    },
    onSuccess: (updated, update) => {
      storeTask(queryClient, updated);
      const changes = changesFor(update, updated);
      if ('workUnitId' in changes || 'title' in changes) refreshDerived(queryClient, updated.projectId);
    },
    onError: (error) => {
      reportTaskFailure(queryClient, task, error, 'update', options);
    },
  });
}

/**
 * Deletes a task. `onDeleted` runs even when the page that asked is gone by then: the deletion's own
 * event may turn the task's page into its "deleted" state before the answer arrives.
 */
export function useDeleteTask(task: Task, { onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTask(api, task.key, latestTask(queryClient, task).version),
    onSuccess: () => {
      queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
        tasks ? removeTask(tasks, task.id) : tasks,
      );
      refreshDerived(queryClient, task.projectId);
      toast.success(`Deleted ${task.key}`);
      onDeleted?.();
    },
    onError: (error) => {
      reportTaskFailure(queryClient, task, error, 'delete');
    },
  });
}

/** Posts to the task chat; the comment shows at once, and again never (the event is deduplicated). */
export function useCreateComment(taskId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment(api, taskId, { body }),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(taskKeys.comments(taskId), (comments) =>
        comments && !comments.some((existing) => existing.id === comment.id)
          ? [...comments, comment]
          : comments,
      );
    },
  });
}

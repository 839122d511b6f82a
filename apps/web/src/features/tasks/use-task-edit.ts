import type { Task } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../hooks/use-api';
import { isVersionConflict } from '../../lib/api';
import { type TextConflict, textEdit } from './edit-conflicts';
import type { TaskChanges, TaskEdit } from './task-edits';
import { fetchTask, taskKeys, updateTask } from './tasks';
import { holdsTask, latestTask, refreshDerived, refreshTask, storeTask } from './tasks-cache';
import { reportTaskFailure } from './use-task-mutations';

/** Someone else changed the text the person edited: nothing was sent over it. */
class EditConflict extends Error {
  constructor(readonly conflict: TextConflict<Task, TaskChanges>) {
    super(`${conflict.field.label} was changed by someone else`);
  }
}

/** How often a 409 from a change to other fields (a move, a label) is followed by a fresh try. */
const ATTEMPTS = 3;

/**
 * Saves a person's edit of a task without ever replacing someone else's change: each edit knows the
 * value it began from (see task-edits.ts) and is decided against the task as it is when it goes out.
 * A 409 reads the task again and decides once more, so a move made meanwhile is no obstacle, but a
 * change to the same text becomes `conflict`, for the person to resolve (ConflictDialog).
 */
export function useTaskEdit(task: Task) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<TextConflict<Task, TaskChanges> | null>(null);
  const mutation = useMutation({
    // One task's saves go one after another (shared with useUpdateTask), each on top of the last.
    scope: { id: `task-${task.id}` },
    mutationFn: async (edit: TaskEdit): Promise<Task> => {
      let current = latestTask(queryClient, task);
      for (let attempt = 1; ; attempt++) {
        const outcome = edit(current);
        if ('conflict' in outcome) throw new EditConflict(outcome.conflict);
        if (Object.keys(outcome.changes).length === 0) return current;
        try {
          return await updateTask(api, task.key, { ...outcome.changes, version: current.version });
        } catch (error) {
          if (!isVersionConflict(error) || attempt >= ATTEMPTS) throw error;
          current = await fetchTask(api, task.key);
          storeTask(queryClient, current);
        }
      }
    },
    // Shown at once (a ticked box stays ticked); the answer, or on failure a fresh read, settles it.
    onMutate: async (edit) => {
      const outcome = edit(latestTask(queryClient, task));
      if (!('changes' in outcome)) return;
      await queryClient.cancelQueries({ queryKey: taskKeys.board(task.projectId) });
      const apply = (current: Task) =>
        current.id === task.id ? { ...current, ...outcome.changes } : current;
      queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) => tasks?.map(apply));
      queryClient.setQueriesData<Task>(
        { queryKey: taskKeys.details(), predicate: holdsTask(task.id) },
        (current) => (current ? apply(current) : current),
      );
    },
    onSuccess: (updated) => {
      storeTask(queryClient, updated);
      refreshDerived(queryClient, updated.projectId);
    },
    onError: (error) => {
      if (error instanceof EditConflict) {
        setConflict(error.conflict);
        refreshTask(queryClient, task);
      } else reportTaskFailure(queryClient, task, error, 'update', { silent: true });
    },
  });
  return {
    save: mutation.mutate,
    saveAsync: mutation.mutateAsync,
    pending: mutation.isPending,
    conflict,
    /** The person chose (or merged) a text over the other one, which they have now seen. */
    resolve: (text: string) => {
      if (!conflict) return;
      setConflict(null);
      mutation.mutate(textEdit(conflict.field, conflict.theirs, text));
    },
    /** The person took the other text: their own edit is dropped. */
    dismiss: () => setConflict(null),
  };
}

export function isEditConflict(error: unknown): boolean {
  return error instanceof EditConflict;
}

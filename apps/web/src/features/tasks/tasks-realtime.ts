import type { Comment, RealtimeEvent, Task } from '@switchboard/api-client/contract';
import type { QueryClient } from '@tanstack/react-query';
import { withKnownLabels, withLabelsFrom } from '../labels/labels';
import { projectKeys } from '../projects/projects';
import { workUnitKeys } from '../work-units/work-units';
import { markTaskDeleted } from './deleted-elsewhere';
import { taskKeys } from './tasks';
import { removeTask, upsertTask } from './tasks-board';

/** Tasks and their comments: a board and an open task page follow every change to them. */
export function applyTaskChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'task.created':
    case 'task.moved':
    case 'task.claimed':
    case 'task.released':
    // A lease that ran out frees the task and may send it back to todo: the same as a release.
    case 'task.lease_expired':
      upsertTaskEverywhere(queryClient, event.data.task);
      taskTotalsChanged(queryClient, event.data.task, { progress: true, counts: true });
      break;
    // A review or a dismissal changes the task's finding badge, GitHub its development: nothing else of it.
    case 'task.reviewed':
    case 'task.finding_dismissed':
    case 'task.development_changed':
      upsertTaskEverywhere(queryClient, event.data.task);
      break;
    case 'task.updated': {
      upsertTaskEverywhere(queryClient, event.data.task);
      const progressChanged = event.data.fields.some((field) => field === 'workUnitId' || field === 'title');
      taskTotalsChanged(queryClient, event.data.task, { progress: progressChanged, counts: false });
      break;
    }
    case 'task.deleted':
      removeTaskEverywhere(queryClient, event.data.task, event.actor.name);
      break;
    case 'comment.created':
      addComment(queryClient, event.data.comment);
      break;
    case 'comment.updated':
      replaceComment(queryClient, event.data.comment);
      break;
    case 'comment.deleted':
      queryClient.setQueryData<Comment[]>(taskKeys.comments(event.data.taskId), (comments) =>
        comments?.filter((comment) => comment.id !== event.entityId),
      );
      break;
  }
}

function upsertTaskEverywhere(queryClient: QueryClient, task: Task): void {
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
    tasks ? upsertTask(tasks, withLabelsFrom(tasks, task)) : tasks,
  );
  queryClient.setQueriesData<Task>(
    {
      queryKey: taskKeys.details(),
      predicate: (query) => (query.state.data as { id?: unknown } | undefined)?.id === task.id,
    },
    (current) => (current && current.version > task.version ? current : withKnownLabels(task, current)),
  );
}

/**
 * A deleted task leaves the boards; an open page of it is told (and turns read-only) instead of
 * reading a task that is no longer there.
 */
function removeTaskEverywhere(queryClient: QueryClient, task: Task, by: string): void {
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
    tasks ? removeTask(tasks, task.id) : tasks,
  );
  markTaskDeleted(queryClient, task.id, by);
  taskTotalsChanged(queryClient, task, { progress: true, counts: true });
}

/**
 * A unit's progress is derived from its tasks, and a project's counts too; a unit's detail embeds its
 * tasks whole, so it is read again whenever one of them changes.
 */
function taskTotalsChanged(
  queryClient: QueryClient,
  task: Task,
  changed: { progress: boolean; counts: boolean },
): void {
  if (changed.progress) void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(task.projectId) });
  if (changed.progress || task.workUnitId)
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.details() });
  if (changed.counts) void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

function addComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
    comments && !comments.some((existing) => existing.id === comment.id) ? [...comments, comment] : comments,
  );
}

/** An edited comment takes its place in the thread; an older copy never replaces a newer one. */
function replaceComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
    comments?.map((existing) =>
      existing.id === comment.id && existing.version <= comment.version ? comment : existing,
    ),
  );
}

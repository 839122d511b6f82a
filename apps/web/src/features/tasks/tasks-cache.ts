import type { Task } from '@switchboard/api-client/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { withKnownLabels, withLabelsFrom } from '../labels/labels';
import { projectKeys } from '../projects/projects';
import { workUnitKeys } from '../work-units/work-units';
import { taskKeys } from './tasks';
import { upsertTask } from './tasks-board';

/** Whether a cached query holds the task with this id (a task detail is keyed by key or id). */
export function holdsTask(taskId: string) {
  return (query: Query): boolean => {
    const data: unknown = query.state.data;
    return typeof data === 'object' && data !== null && 'id' in data && data.id === taskId;
  };
}

/** Puts a task the server returned into every cached copy: its project's board and any open detail. */
export function storeTask(queryClient: QueryClient, task: Task): void {
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
    tasks ? upsertTask(tasks, withLabelsFrom(tasks, task)) : tasks,
  );
  queryClient.setQueriesData<Task>(
    { queryKey: taskKeys.details(), predicate: holdsTask(task.id) },
    (current) => (current && current.version > task.version ? current : withKnownLabels(task, current)),
  );
}

/** The freshest copy of a task the cache holds (board or detail), else `fallback`. */
export function latestTask(queryClient: QueryClient, fallback: Task): Task {
  const fromBoard = queryClient
    .getQueryData<Task[]>(taskKeys.board(fallback.projectId))
    ?.find((t) => t.id === fallback.id);
  const details = queryClient
    .getQueriesData<Task>({ queryKey: taskKeys.details(), predicate: holdsTask(fallback.id) })
    .map(([, task]) => task);
  const candidates = [fallback, fromBoard, ...details].filter((task): task is Task => Boolean(task));
  return candidates.reduce((a, b) => (b.version > a.version ? b : a));
}

/** Reads a task again wherever it is shown, after a failed change left the cache unsure. */
export function refreshTask(queryClient: QueryClient, task: Pick<Task, 'id' | 'projectId'>): void {
  void queryClient.invalidateQueries({ queryKey: taskKeys.board(task.projectId) });
  void queryClient.invalidateQueries({ queryKey: taskKeys.details(), predicate: holdsTask(task.id) });
}

/** Progress and counts are derived from tasks: the views that show them read again. */
export function refreshDerived(queryClient: QueryClient, projectId: string): void {
  void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(projectId) });
  void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

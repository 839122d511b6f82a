import type { TypedApi } from '@switchboard/api-client';
import type {
  CreateLabel,
  Label,
  RealtimeEvent,
  Task,
  TaskLabel,
  UpdateLabel,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';
import { taskKeys } from '../tasks/tasks';

export const labelKeys = {
  all: ['labels'] as const,
  list: () => ['labels', 'list'] as const,
};

export async function fetchLabels(api: TypedApi, signal?: AbortSignal): Promise<Label[]> {
  return (await api.labels.list({ signal })).items;
}

/** The organization's labels, by name: what pickers offer and the settings screen manages. */
export const labelsQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: labelKeys.list(),
    queryFn: ({ signal }) => fetchLabels(api, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });

export function createLabel(api: TypedApi, body: CreateLabel): Promise<Label> {
  return api.labels.create({ body });
}

export function updateLabel(api: TypedApi, labelId: string, body: UpdateLabel): Promise<Label> {
  return api.labels.update({ labelId, body });
}

export function deleteLabel(api: TypedApi, labelId: string) {
  return api.labels.delete({ labelId });
}

/** Owners and admins create, rename, recolour and delete labels; every member puts them on tasks. */
export function canManageLabels(role: string | null | undefined): boolean {
  return role ? roleAllows(role, { organization: ['update'] }) : false;
}

export function byLabelName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

/** Labels matching typed text (any case, anywhere in the name), by name. */
export function searchLabels<T extends { name: string }>(labels: readonly T[], query: string): T[] {
  const wanted = query.trim().toLowerCase();
  return labels.filter((label) => label.name.toLowerCase().includes(wanted)).sort(byLabelName);
}

/** Whether typed text names no label yet, so the picker may offer to create it. */
export function isNewLabelName(labels: readonly { name: string }[], query: string): boolean {
  const wanted = query.trim().toLowerCase();
  return (
    wanted !== '' && !wanted.includes(',') && !labels.some((label) => label.name.toLowerCase() === wanted)
  );
}

/** A task's label ids with one added or taken off: what a PATCH's labelIds carries. */
export function toggledLabelIds(task: Pick<Task, 'labels'>, labelId: string): string[] {
  const ids = (task.labels ?? []).map((label) => label.id);
  return ids.includes(labelId) ? ids.filter((id) => id !== labelId) : [...ids, labelId];
}

/**
 * A task from an event keeps the labels the cache knows when the event does not say: only label
 * changes carry them, and a move must not strip a card of its chips.
 */
export function withKnownLabels(incoming: Task, current: Task | undefined): Task {
  if (incoming.labels !== undefined || current?.labels === undefined) return incoming;
  return { ...incoming, labels: current.labels };
}

function relabel(task: Task, change: (labels: TaskLabel[]) => TaskLabel[]): Task {
  if (!task.labels?.length) return task;
  const labels = change(task.labels);
  return labels === task.labels ? task : { ...task, labels };
}

/** Every cached task (boards and open details) with one label renamed, recoloured or taken off. */
function relabelCachedTasks(queryClient: QueryClient, change: (labels: TaskLabel[]) => TaskLabel[]): void {
  queryClient.setQueriesData<Task[]>({ queryKey: taskKeys.boards() }, (tasks) =>
    tasks?.map((task) => relabel(task, change)),
  );
  queryClient.setQueriesData<Task>({ queryKey: taskKeys.details() }, (task) =>
    task && typeof task === 'object' && 'id' in task ? relabel(task, change) : task,
  );
}

/** Label events: the list is read again, and tasks already showing the label follow it at once. */
export function applyLabelChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'label.created':
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      break;
    case 'label.updated': {
      const { id, name, color } = event.data.label;
      relabelCachedTasks(queryClient, (labels) =>
        labels.some((label) => label.id === id)
          ? labels.map((label) => (label.id === id ? { id, name, color } : label)).sort(byLabelName)
          : labels,
      );
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      break;
    }
    case 'label.deleted':
      relabelCachedTasks(queryClient, (labels) =>
        labels.some((label) => label.id === event.entityId)
          ? labels.filter((label) => label.id !== event.entityId)
          : labels,
      );
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      break;
  }
}

/** Shows a task's new labels at once wherever it is cached; the PATCH that follows settles them. */
export function showTaskLabels(
  queryClient: QueryClient,
  task: Pick<Task, 'id' | 'projectId'>,
  labels: TaskLabel[],
) {
  const apply = (current: Task) => (current.id === task.id ? { ...current, labels } : current);
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) => tasks?.map(apply));
  queryClient.setQueriesData<Task>(
    {
      queryKey: taskKeys.details(),
      // tasks-cache's holdsTask, written out: that module reads this one.
      predicate: (query) => (query.state.data as { id?: unknown } | undefined)?.id === task.id,
    },
    (current) => (current ? apply(current) : current),
  );
}

/** `task` keeping the labels its cached copy in `tasks` shows, when it carries none of its own. */
export function withLabelsFrom(tasks: readonly Task[], task: Task): Task {
  return withKnownLabels(
    task,
    tasks.find((known) => known.id === task.id),
  );
}

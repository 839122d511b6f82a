import { ApiError, type TypedApi } from '@switchboard/api-client';
import type {
  CreateTaskStatus,
  StatusCategory,
  Task,
  TaskStatus,
  UpdateTaskStatus,
} from '@switchboard/api-client/contract';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';

/** What each category means, in the words the workflow screen and the docs use. */
export const CATEGORY_LABELS: Record<StatusCategory, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  review: 'Review',
  done: 'Done',
};

export const STATUS_CATEGORIES = Object.keys(CATEGORY_LABELS) as StatusCategory[];

export function createStatus(api: TypedApi, projectId: string, body: CreateTaskStatus): Promise<TaskStatus> {
  return api.projects.createStatus({ projectId, body });
}

export function updateStatus(
  api: TypedApi,
  projectId: string,
  statusId: string,
  body: UpdateTaskStatus,
): Promise<TaskStatus> {
  return api.projects.updateStatus({ projectId, statusId, body });
}

export function deleteStatus(api: TypedApi, projectId: string, statusId: string, moveTo: string | undefined) {
  return api.projects.deleteStatus({ projectId, statusId, query: { moveTo } });
}

/** The statuses with `statusId` moved to `position` (clamped), numbered again from 0. */
export function moveStatus(
  statuses: readonly TaskStatus[],
  statusId: string,
  position: number,
): TaskStatus[] {
  const moving = statuses.find((status) => status.id === statusId);
  if (!moving) return [...statuses];
  const rest = statuses.filter((status) => status.id !== statusId);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), moving, ...rest.slice(at)].map((status, index) => ({
    ...status,
    position: index,
  }));
}

/** The statuses without `statusId`, numbered again from 0. */
export function withoutStatus(statuses: readonly TaskStatus[], statusId: string): TaskStatus[] {
  return statuses
    .filter((status) => status.id !== statusId)
    .map((status, index) => ({ ...status, position: index }));
}

/** How many of the project's tasks sit in each status, by status id. */
export function tasksPerStatus(tasks: readonly Pick<Task, 'statusId'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.statusId, (counts.get(task.statusId) ?? 0) + 1);
  return counts;
}

export type StatusFormErrors = Partial<Record<'name' | 'category' | 'color' | 'moveTo' | '_form', string>>;

/**
 * A refused status change, on the field it is about: a taken name on the name, the last status of a
 * category on the category, a missing destination on the move-to choice; the rest above the buttons.
 */
export function statusErrorsFrom(error: unknown): StatusFormErrors {
  const fields = fieldErrorsFrom(error);
  if (Object.keys(fields).length > 0) return fields;
  const words = describeError(error);
  if (error instanceof ApiError) {
    if (error.code === 'STATUS_NAME_TAKEN') return { name: words };
    if (error.code === 'STATUS_CATEGORY_LAST') return { category: words };
    if (error.code === 'STATUS_MOVE_TO_REQUIRED') return { moveTo: words };
  }
  return { _form: words };
}

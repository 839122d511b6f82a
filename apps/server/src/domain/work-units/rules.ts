import {
  TARGET_BEFORE_START_MESSAGE,
  targetBeforeStart,
  WORK_UNIT_TRANSITIONS,
  type WorkUnitStatus,
} from '@switchboard/api-client/contract';
import { AppError } from '../errors';

/** Refuses a status change the table in the contract does not allow (staying put is no change). */
export function assertTransition(from: WorkUnitStatus, to: WorkUnitStatus): void {
  if (from === to) return;
  const allowed = WORK_UNIT_TRANSITIONS[from];
  if (allowed.includes(to)) return;
  throw new AppError(
    'INVALID_TRANSITION',
    `A work unit cannot go from ${from} to ${to}; from ${from} it can go to ${allowed.join(', ')}.`,
    { from, to, allowed },
  );
}

/** Refuses dates where the target comes before the start (400, on the target date). */
export function assertDatesInOrder(
  startDate: string | null | undefined,
  targetDate: string | null | undefined,
) {
  if (!targetBeforeStart(startDate, targetDate)) return;
  throw new AppError('VALIDATION_FAILED', `targetDate: ${TARGET_BEFORE_START_MESSAGE}`, [
    { path: ['targetDate'], message: TARGET_BEFORE_START_MESSAGE },
  ]);
}

export interface CompletionTask {
  id: string;
  key: string;
  title: string;
  statusName: string;
  done: boolean;
  acceptanceCriteria: readonly { text: string; checked: boolean }[];
}

export interface CompletionLeft {
  openTasks: { id: string; key: string; title: string; status: string }[];
  uncheckedCriteria: { taskId: string; key: string; text: string }[];
}

/** What still stands between a work unit and completed: tasks not done, criteria not checked. */
export function completionLeft(tasks: readonly CompletionTask[]): CompletionLeft {
  return {
    openTasks: tasks
      .filter((task) => !task.done)
      .map((task) => ({ id: task.id, key: task.key, title: task.title, status: task.statusName })),
    uncheckedCriteria: tasks.flatMap((task) =>
      task.acceptanceCriteria
        .filter((criterion) => !criterion.checked)
        .map((criterion) => ({ taskId: task.id, key: task.key, text: criterion.text })),
    ),
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Throws 409 INVALID_TRANSITION naming what is left, unless nothing is. */
export function assertCompletable(slug: string, left: CompletionLeft): void {
  const reasons: string[] = [];
  if (left.openTasks.length > 0) {
    const keys = left.openTasks.map((task) => task.key).join(', ');
    reasons.push(`${plural(left.openTasks.length, 'task is', 'tasks are')} not done (${keys})`);
  }
  if (left.uncheckedCriteria.length > 0) {
    const where = [...new Set(left.uncheckedCriteria.map((criterion) => criterion.key))].join(', ');
    reasons.push(
      `${plural(left.uncheckedCriteria.length, 'acceptance criterion is', 'acceptance criteria are')} unchecked (in ${where})`,
    );
  }
  if (reasons.length === 0) return;
  throw new AppError('INVALID_TRANSITION', `${slug} cannot be completed yet: ${reasons.join(' and ')}.`, {
    to: 'completed',
    ...left,
  });
}

import type { TaskLabel } from '@switchboard/api-client/contract';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { label, taskLabel } from '../../db/schema';

type Executor = Database | Transaction;

/**
 * Reading the labels tasks carry, kept apart from labels.ts (which writes through runChange) so
 * that runChange itself can put labels on every task it answers and records without an import circle.
 */

/** Labels in the order every answer lists them: by name whatever its case. */
export const labelsByName = [asc(sql`lower(${label.name})`), asc(label.id)];

/** The key labels sort by, for a read that orders by its own output columns (a union). */
export const labelSortName: SQL = sql`lower(${label.name})`;

/**
 * The one read of the labels these tasks carry: a select from task_label, with whatever columns of
 * task_label and label the caller picks, narrowed to these tasks and joined to their labels.
 * labelsOfTasks orders it; the read that names assignees unites it with theirs. Either way it is one
 * statement for any number of tasks.
 */
export function labelsOfTheseTasks<Query extends PgSelect>(fromTaskLabel: Query, taskIds: readonly string[]) {
  return fromTaskLabel
    .innerJoin(label, eq(label.id, taskLabel.labelId))
    .where(inArray(taskLabel.taskId, [...taskIds]));
}

/** Label rows grouped by their task, in the order they were read. */
export function labelsByTask(rows: readonly (TaskLabel & { taskId: string })[]): Map<string, TaskLabel[]> {
  const labels = new Map<string, TaskLabel[]>();
  for (const row of rows) {
    const entry: TaskLabel = { id: row.id, name: row.name, color: row.color };
    labels.set(row.taskId, [...(labels.get(row.taskId) ?? []), entry]);
  }
  return labels;
}

/** The labels each of these tasks carries, by name; a task without any is absent from the map. */
export async function labelsOfTasks(
  db: Executor,
  taskIds: readonly string[],
): Promise<Map<string, TaskLabel[]>> {
  if (taskIds.length === 0) return new Map();
  const read = db
    .select({ taskId: taskLabel.taskId, id: label.id, name: label.name, color: label.color })
    .from(taskLabel)
    .$dynamic();
  const rows = await labelsOfTheseTasks(read, taskIds).orderBy(...labelsByName);
  return labelsByTask(rows);
}

/** A task whose labels are still to be read: one built from its row alone (toTask leaves them out). */
export interface UnlabelledTask {
  id: string;
  labels?: TaskLabel[];
}

/**
 * Whether a value inside an answer or event payload is a task without its labels. Every task has a
 * key, a status and an assignee field (null when nobody), which together no other answer has.
 */
export function isUnlabelledTask(
  value: Record<string, unknown>,
): value is Record<string, unknown> & UnlabelledTask {
  return (
    typeof value.id === 'string' &&
    typeof value.key === 'string' &&
    typeof value.statusId === 'string' &&
    'assigneeUser' in value &&
    value.labels === undefined
  );
}

/** Gives each task, in place, the labels read for it; a task the read found none for carries none. */
export function giveLabels(tasks: readonly UnlabelledTask[], labels: ReadonlyMap<string, TaskLabel[]>): void {
  for (const item of tasks) item.labels = [...(labels.get(item.id) ?? [])];
}

import type { TaskLabel } from '@switchboard/api-client/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { label, taskLabel } from '../db/schema';
import type { Transaction } from './changes';

type Executor = Database | Transaction;

/**
 * Reading the labels tasks carry, kept apart from domain/labels.ts (which writes through runChange) so
 * that runChange itself can put labels on every task snapshot it records without an import circle.
 */

/** Labels in the order every answer lists them: by name whatever its case. */
export const labelsByName = [asc(sql`lower(${label.name})`), asc(label.id)];

/** The labels each of these tasks carries, by name; a task without any is absent from the map. */
export async function labelsOfTasks(
  db: Executor,
  taskIds: readonly string[],
): Promise<Map<string, TaskLabel[]>> {
  const labels = new Map<string, TaskLabel[]>();
  if (taskIds.length === 0) return labels;
  const rows = await db
    .select({ taskId: taskLabel.taskId, id: label.id, name: label.name, color: label.color })
    .from(taskLabel)
    .innerJoin(label, eq(label.id, taskLabel.labelId))
    .where(inArray(taskLabel.taskId, [...taskIds]))
    .orderBy(...labelsByName);
  for (const row of rows) {
    const entry: TaskLabel = { id: row.id, name: row.name, color: row.color };
    labels.set(row.taskId, [...(labels.get(row.taskId) ?? []), entry]);
  }
  return labels;
}

/**
 * Gives every task snapshot among recorded changes its labels when the code that recorded it built
 * the task from its row alone (claims, leases, reviews, an agent profile's deletion …), in one read.
 */
export async function labelTaskSnapshots(db: Executor, payloads: readonly unknown[]): Promise<void> {
  const snapshots: { id: string; labels?: unknown }[] = [];
  for (const payload of payloads) {
    const snapshot = (payload as { task?: unknown } | null)?.task;
    if (typeof snapshot !== 'object' || snapshot === null) continue;
    const candidate = snapshot as { id?: unknown; labels?: unknown };
    if (typeof candidate.id === 'string' && candidate.labels === undefined) {
      snapshots.push(candidate as { id: string; labels?: unknown });
    }
  }
  if (snapshots.length === 0) return;
  const labels = await labelsOfTasks(
    db,
    snapshots.map((snapshot) => snapshot.id),
  );
  for (const snapshot of snapshots) snapshot.labels = labels.get(snapshot.id) ?? [];
}

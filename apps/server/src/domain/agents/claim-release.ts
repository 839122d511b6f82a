import { and, eq, sql } from 'drizzle-orm';
import { task } from '../../db/schema';
import type { RecordChange, Transaction } from '../changes';
import { type TaskRow, toTask } from '../tasks/views';
import { setCurrentTask } from './sessions';

/** The claim columns of a task nobody holds. */
export const unclaimed = { claimedBy: null, claimAgent: null, claimExpiresAt: null } as const;

/** A claim taken or given back, as its event: the task after, with its claim (or none). */
export function recordClaim(
  record: RecordChange,
  now: Date,
  action: 'task.claimed' | 'task.released',
  row: TaskRow,
  summary: string,
) {
  return record({
    projectId: row.projectId,
    action,
    entity: 'task',
    entityId: row.id,
    summary,
    data: { version: row.version, task: toTask(row, now), claim: toTask(row, now).claim },
  });
}

/**
 * Clears a task's claim inside a change, whoever holds it; null when it had none. Kept apart from
 * claims.ts so the mover can release on a hand-off without importing next-task's lease recovery,
 * which itself moves tasks.
 */
export async function releaseIn(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  current: TaskRow,
  summary: string,
): Promise<TaskRow | null> {
  const [row] = await tx
    .update(task)
    .set(unclaimed)
    .where(and(eq(task.id, current.id), sql`${task.claimAgent} is not null`))
    .returning();
  if (!row) return null;
  await recordClaim(record, now, 'task.released', row, summary);
  if (current.claimedBy) await setCurrentTask(tx, record, now, current.claimedBy, null, row.id);
  return row;
}

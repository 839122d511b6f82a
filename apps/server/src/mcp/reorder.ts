import type { Task } from '@switchboard/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { task } from '../db/schema';
import type { ActingContext } from '../domain/actor';
import { runChange } from '../domain/changes';
import { type ClaimOverride, checkClaim, overrideSuffix, tellHolder } from '../domain/claim-guard';
import { releaseFinished } from '../domain/claims';
import { findStatus, findTask, type TaskRow, toTask } from '../domain/task-views';
import { startWorkUnitIfPlanning } from '../domain/work-units';
import type { EventBus } from '../events/bus';
import { AppError } from '../http/errors';
import { statusesOf } from './lookup';

/**
 * reorder-tasks: the listed tasks become the top of one column in the given order (tasks from other
 * columns move into it); the column's other tasks keep their order below them. One transaction; every
 * task whose column or place changed is a task.moved event, exactly as a move through the REST API.
 */
export async function reorderTasks(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  projectId: string,
  statusId: string,
  references: readonly string[],
): Promise<Task[]> {
  return runChange(db, bus, context, async (tx, record) => {
    const to = await findStatus(tx, projectId, statusId);
    const names = new Map((await statusesOf(tx, projectId)).map((status) => [status.id, status]));
    const listed: TaskRow[] = [];
    // Only the listed tasks are this caller's choice; others in the column just shift below them.
    const overrides = new Map<string, ClaimOverride | undefined>();
    for (const reference of references) {
      const { task: row } = await findTask(tx, context, reference, { lock: true });
      if (row.projectId !== projectId) {
        throw new AppError('TASK_NOT_FOUND', `${reference} is not a task of this project.`);
      }
      if (listed.some((other) => other.id === row.id)) {
        throw new AppError('VALIDATION_FAILED', `tasks: ${reference} is listed twice.`, [
          { path: ['tasks'], message: `${reference} is listed twice` },
        ]);
      }
      overrides.set(row.id, checkClaim(context, row));
      listed.push(row);
    }
    const column = await tx
      .select()
      .from(task)
      .where(and(eq(task.projectId, projectId), eq(task.statusId, to.id)))
      .orderBy(asc(task.position), asc(task.number))
      .for('update');
    const order = [...listed, ...column.filter((row) => !listed.some((other) => other.id === row.id))];
    const result: Task[] = [];
    for (const [index, row] of order.entries()) {
      const position = index + 1;
      if (row.statusId === to.id && row.position === position) {
        result.push(toTask(row));
        continue;
      }
      const [moved] = await tx
        .update(task)
        .set({ statusId: to.id, position, version: row.version + 1, updatedAt: new Date() })
        .where(eq(task.id, row.id))
        .returning();
      if (!moved) throw new Error('task reorder returned nothing');
      const from = names.get(row.statusId);
      const override = overrides.get(row.id);
      const change =
        row.statusId === to.id
          ? `reordered ${moved.key} in ${to.name}`
          : `moved ${moved.key} from ${from?.name ?? 'another status'} to ${to.name}`;
      await record({
        projectId,
        action: 'task.moved',
        entity: 'task',
        entityId: moved.id,
        summary: `${change}${overrideSuffix(override)}`,
        data: {
          version: moved.version,
          task: toTask(moved),
          fromStatusId: row.statusId,
          toStatusId: to.id,
          position,
          ...(override ? { override } : {}),
        },
      });
      await tellHolder(tx, context, override, change);
      const started = to.category === 'in_progress' && from?.category !== 'in_progress';
      if (started && moved.workUnitId) await startWorkUnitIfPlanning(tx, record, moved.workUnitId, moved.key);
      const entered = to.category === 'done' && row.statusId !== to.id;
      result.push(toTask(entered ? await releaseFinished(tx, record, moved, to.name) : moved));
    }
    return result;
  });
}

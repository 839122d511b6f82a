import type { WorkUnitDeletion } from '@switchboard/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import { task, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { asOwnChange, type RecordChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { toTask } from '../tasks/views';
import { versionConflict } from '../versioning';
import { findWorkUnit, findWorkUnitInProject, viewWorkUnit, type WorkUnitRow } from './views';

function deletionMessage(unit: WorkUnitRow, plan: WorkUnitDeletion, parentSlug: string | null): string {
  const tasks = `detaches its ${plan.detachedTasks} task(s), which stay on the board without a work unit`;
  const children =
    plan.reparentedWorkUnits === 0
      ? 'it has no child work units'
      : `its ${plan.reparentedWorkUnits} child work unit(s) move up to ${parentSlug ?? 'the top level'}`;
  return `Deleting ${unit.slug} ${tasks}; ${children}. Send ?confirm=true to go ahead.`;
}

/** Nothing is orphaned: the unit's tasks are detached and its children move up to its parent, each recorded. */
async function releaseContents(tx: Transaction, record: RecordChange, now: Date, unit: WorkUnitRow) {
  const detached = await tx
    .update(task)
    .set({ workUnitId: null, version: sql`${task.version} + 1`, updatedAt: now })
    .where(eq(task.workUnitId, unit.id))
    .returning();
  for (const row of detached) {
    await record({
      projectId: row.projectId,
      action: 'task.updated',
      entity: 'task',
      entityId: row.id,
      summary: `detached ${row.key} from deleted work unit ${unit.slug}`,
      data: { version: row.version, task: toTask(row, now), fields: ['workUnitId'] },
    });
  }
  const moved = await tx
    .update(workUnit)
    .set({
      parentWorkUnitId: unit.parentWorkUnitId,
      version: sql`${workUnit.version} + 1`,
      updatedAt: now,
    })
    .where(eq(workUnit.parentWorkUnitId, unit.id))
    .returning();
  for (const row of moved) {
    await record({
      projectId: row.projectId,
      action: 'work_unit.updated',
      entity: 'work_unit',
      entityId: row.id,
      summary: `moved ${row.slug} up out of deleted work unit ${unit.slug}`,
      data: { version: row.version, workUnit: await viewWorkUnit(tx, row), fields: ['parentWorkUnitId'] },
    });
  }
}

export const deleteWorkUnit = asOwnChange(deleteWorkUnitWithin);

async function deleteWorkUnitWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  reference: string,
  options: { confirmed: boolean; version?: number },
): Promise<{ deleted: WorkUnitDeletion }> {
  const { unit } = await findWorkUnit(tx, context, reference, { lock: true });
  if (options.version !== undefined && options.version !== unit.version) {
    throw versionConflict('work unit', unit.version);
  }
  const plan: WorkUnitDeletion = {
    id: unit.id,
    slug: unit.slug,
    detachedTasks: await tx.$count(task, eq(task.workUnitId, unit.id)),
    reparentedWorkUnits: await tx.$count(workUnit, eq(workUnit.parentWorkUnitId, unit.id)),
    newParentWorkUnitId: unit.parentWorkUnitId,
  };
  if (!options.confirmed) {
    const parent = unit.parentWorkUnitId
      ? await findWorkUnitInProject(tx, unit.projectId, unit.parentWorkUnitId)
      : null;
    throw new AppError('CONFIRMATION_REQUIRED', deletionMessage(unit, plan, parent?.slug ?? null), plan);
  }
  const before = await viewWorkUnit(tx, unit);
  await releaseContents(tx, record, now, unit);
  await tx.delete(workUnit).where(eq(workUnit.id, unit.id));
  await record({
    projectId: unit.projectId,
    action: 'work_unit.deleted',
    entity: 'work_unit',
    entityId: unit.id,
    summary: `deleted work unit ${unit.slug} ${unit.title}`,
    data: { version: unit.version, workUnit: before, ...plan },
  });
  return { deleted: plan };
}

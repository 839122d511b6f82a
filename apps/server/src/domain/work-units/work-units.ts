import type {
  CreateWorkUnit,
  UpdateWorkUnit,
  WorkUnit,
  WorkUnitStatus,
} from '@switchboard/api-client/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { member, task, taskStatus, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { asOwnChange, type ChangeRecord, madeAt, type RecordChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { reaches } from '../graph';
import { allocateNumber } from '../numbers';
import { workUnitKey } from '../references';
import { versionConflict } from '../versioning';
import { assertCompletable, assertDatesInOrder, assertTransition, completionLeft } from './rules';
import {
  findWorkUnit,
  findWorkUnitInProject,
  parentsOf,
  viewWorkUnit,
  type WorkUnitRow,
  withoutDerived,
} from './views';

/** An owner is a person of the organization, named by user id. */
async function checkOwner(tx: Transaction, context: ActingContext, ownerId: string | null | undefined) {
  if (ownerId === undefined || ownerId === null) return ownerId;
  const [row] = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, context.organizationId), eq(member.userId, ownerId)))
    .limit(1);
  if (!row) {
    throw new AppError('VALIDATION_FAILED', 'ownerId: is not a member of this organization', [
      { path: ['ownerId'], message: 'is not a member of this organization' },
    ]);
  }
  return ownerId;
}

/** The new parent's id, refusing a parent in another project and a unit placed inside itself. */
async function checkParent(
  tx: Transaction,
  unit: WorkUnitRow,
  reference: string | null,
): Promise<string | null> {
  if (reference === null) return null;
  const parent = await findWorkUnitInProject(tx, unit.projectId, reference);
  const parents = await parentsOf(tx, unit.projectId);
  const ancestors = (id: string) => {
    const up = parents.get(id);
    return up ? [up] : [];
  };
  if (reaches([parent.id], unit.id, ancestors)) {
    throw new AppError(
      'CYCLE_NOT_ALLOWED',
      `${unit.slug} cannot sit inside ${parent.slug}: that is inside ${unit.slug}.`,
      {
        workUnitId: unit.id,
        parentWorkUnitId: parent.id,
      },
    );
  }
  return parent.id;
}

export const createWorkUnit = asOwnChange(createWorkUnitWithin);

/** A creation as one step of a caller's change, so accepting a plan applies the very same rules. */
export async function createWorkUnitWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  projectId: string,
  input: CreateWorkUnit,
): Promise<WorkUnit> {
  assertDatesInOrder(input.startDate, input.targetDate);
  const { projectKey, number } = await allocateNumber(tx, context, projectId, 'workUnit');
  const parent = input.parentWorkUnitId
    ? await findWorkUnitInProject(tx, projectId, input.parentWorkUnitId)
    : null;
  const [row] = await tx
    .insert(workUnit)
    .values(
      newWorkUnitRow(projectId, input, {
        projectKey,
        number,
        parentWorkUnitId: parent?.id ?? null,
        ownerId: await checkOwner(tx, context, input.ownerId),
        now,
      }),
    )
    .returning();
  if (!row) throw new Error('work unit insert returned nothing');
  const view = await viewWorkUnit(tx, row);
  await record(workUnitCreation(row, view));
  return view;
}

/** What the server settles for a new work unit before it is written: checked by the caller. */
export interface WorkUnitPlacement {
  projectKey: string;
  number: number;
  parentWorkUnitId: string | null;
  ownerId: string | null | undefined;
  /** The change's time, which the row records as made. */
  now: Date;
}

/** The row a creation inserts: the input's own fields, then everything the server settles. */
export function newWorkUnitRow(
  projectId: string,
  input: CreateWorkUnit,
  placement: WorkUnitPlacement,
): typeof workUnit.$inferInsert {
  return {
    ...input,
    id: crypto.randomUUID(),
    ...madeAt(placement.now),
    projectId,
    number: placement.number,
    slug: workUnitKey(placement.projectKey, placement.number),
    parentWorkUnitId: placement.parentWorkUnitId,
    ownerId: placement.ownerId,
    devInfo: withoutDerived(input.devInfo ?? {}),
  };
}

/** The change that records a work unit's creation, carrying the unit as answers show it. */
export function workUnitCreation(row: WorkUnitRow, view: WorkUnit): ChangeRecord {
  return {
    projectId: row.projectId,
    action: 'work_unit.created',
    entity: 'work_unit',
    entityId: row.id,
    summary: `created work unit ${row.slug} ${row.title}`,
    data: { version: row.version, workUnit: view },
  };
}

/** Tasks of a unit as the completion rule reads them. */
async function completionTasksOf(tx: Transaction, workUnitId: string) {
  const rows = await tx
    .select({ task, statusName: taskStatus.name, category: taskStatus.category })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(eq(task.workUnitId, workUnitId))
    .orderBy(asc(taskStatus.position), asc(task.position), asc(task.number));
  return rows.map((row) => ({
    ...row.task,
    statusName: row.statusName,
    done: row.category === 'done',
  }));
}

/** The status part of an update: legal per the table, completion only with nothing left. */
async function statusChange(tx: Transaction, now: Date, unit: WorkUnitRow, to: WorkUnitStatus | undefined) {
  if (to === undefined || to === unit.status) return {};
  assertTransition(unit.status, to);
  if (to === 'completed') assertCompletable(unit.slug, completionLeft(await completionTasksOf(tx, unit.id)));
  return { status: to, completedAt: to === 'completed' ? now : null };
}

export const updateWorkUnit = asOwnChange(updateWorkUnitWithin);

async function updateWorkUnitWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  reference: string,
  input: UpdateWorkUnit,
): Promise<WorkUnit> {
  const { unit } = await findWorkUnit(tx, context, reference, { lock: true });
  if (unit.version !== input.version) throw versionConflict('work unit', unit.version);
  assertDatesInOrder(
    input.startDate === undefined ? unit.startDate : input.startDate,
    input.targetDate === undefined ? unit.targetDate : input.targetDate,
  );
  const { version: _read, status, parentWorkUnitId, ownerId, devInfo, ...plain } = input;
  const [row] = await tx
    .update(workUnit)
    .set({
      ...plain,
      ...(parentWorkUnitId !== undefined
        ? { parentWorkUnitId: await checkParent(tx, unit, parentWorkUnitId) }
        : {}),
      ...(ownerId !== undefined ? { ownerId: await checkOwner(tx, context, ownerId) } : {}),
      ...(devInfo !== undefined ? { devInfo: withoutDerived(devInfo) } : {}),
      ...(await statusChange(tx, now, unit, status)),
      version: unit.version + 1,
      updatedAt: now,
    })
    .where(eq(workUnit.id, unit.id))
    .returning();
  if (!row) throw new Error('work unit update returned nothing');
  const view = await viewWorkUnit(tx, row);
  const fields = Object.keys(input).filter((field) => field !== 'version');
  const moved = row.status !== unit.status ? `: ${unit.status} → ${row.status}` : ` (${fields.join(', ')})`;
  await record({
    projectId: row.projectId,
    action: 'work_unit.updated',
    entity: 'work_unit',
    entityId: row.id,
    summary: `updated work unit ${row.slug}${moved}`,
    data: { version: row.version, workUnit: view, fields, from: unit.status, to: row.status },
  });
  return view;
}

/**
 * Work starting on a task starts its unit: a planning unit becomes in_progress in the same transaction,
 * recorded as its own change. A unit in any other status is left alone.
 */
export async function startWorkUnitIfPlanning(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  workUnitId: string,
  taskKey: string,
): Promise<void> {
  const [row] = await tx
    .update(workUnit)
    .set({ status: 'in_progress', version: sql`${workUnit.version} + 1`, updatedAt: now })
    .where(and(eq(workUnit.id, workUnitId), eq(workUnit.status, 'planning')))
    .returning();
  if (!row) return;
  await record({
    projectId: row.projectId,
    action: 'work_unit.updated',
    entity: 'work_unit',
    entityId: row.id,
    summary: `updated work unit ${row.slug}: planning → in_progress (work started on ${taskKey})`,
    data: {
      version: row.version,
      workUnit: await viewWorkUnit(tx, row),
      fields: ['status'],
      from: 'planning',
      to: 'in_progress',
    },
  });
}

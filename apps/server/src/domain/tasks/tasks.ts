import type { CreateTask, Task, TaskDeletion, TaskLabel, UpdateTask } from '@switchboard/api-client/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { task, user, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { checkClaim, overrideSuffix, tellHolder } from '../agents/claim-guard';
import {
  asOwnChange,
  type ChangeRecord,
  type ChangeSubject,
  madeAt,
  type RecordChange,
  type Transaction,
} from '../changes';
import { allocateNumber } from '../numbers';
import { type AssigneeColumns, assigneeColumns } from '../people/assignees';
import { notifyAssigned } from '../people/notifications';
import { taskKey } from '../references';
import { versionConflict } from '../versioning';
import { findWorkUnitInProject } from '../work-units/views';
import { startWorkUnitIfPlanning } from '../work-units/work-units';
import { applyTaskLabels, describeTaskUpdate } from './labels';
import { type ChangeNames, describeTaskChanges } from './task-changes';
import { endOfStatusColumn, resolveBlockers } from './task-references';
import { defaultStatus, findStatus, findTask, type TaskRow, toTask } from './views';

/** What every event about a task carries besides its action and payload. */
function aboutTask(row: TaskRow, summary: string): ChangeSubject<'task'> {
  return { projectId: row.projectId, entity: 'task', entityId: row.id, summary };
}

function snapshotOf(row: TaskRow, now: Date) {
  return { version: row.version, task: toTask(row, now) };
}

/** The keys and slugs an update's words name: the blockers and work units before and after. */
async function changeNames(tx: Transaction, before: TaskRow, after: TaskRow): Promise<ChangeNames> {
  const taskIds = [...new Set([...before.blockedBy, ...after.blockedBy])];
  const unitIds = [before.workUnitId, after.workUnitId].filter((id): id is string => id !== null);
  const userIds = [before.assigneeUserId, after.assigneeUserId].filter((id): id is string => id !== null);
  const [tasks, units, people] = await Promise.all([
    taskIds.length
      ? tx.select({ id: task.id, key: task.key }).from(task).where(inArray(task.id, taskIds))
      : [],
    unitIds.length
      ? tx
          .select({ id: workUnit.id, slug: workUnit.slug })
          .from(workUnit)
          .where(inArray(workUnit.id, unitIds))
      : [],
    userIds.length
      ? tx.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, userIds))
      : [],
  ]);
  return {
    taskKeys: new Map(tasks.map((row) => [row.id, row.key])),
    workUnitSlugs: new Map(units.map((row) => [row.id, row.slug])),
    people: new Map(people.map((row) => [row.id, row.name])),
  };
}

/** Creating needs only a title: the status defaults to the first todo column, the card goes last. */
export const createTask = asOwnChange(createTaskWithin);

/** A creation as one step of a caller's change, so accepting a plan applies the very same rules. */
export async function createTaskWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  projectId: string,
  input: CreateTask,
): Promise<Task> {
  const { projectKey, number } = await allocateNumber(tx, context, projectId, 'task');
  const status = input.statusId
    ? await findStatus(tx, projectId, input.statusId)
    : await defaultStatus(tx, projectId);
  const unit = input.workUnitId ? await findWorkUnitInProject(tx, projectId, input.workUnitId) : null;
  const [row] = await tx
    .insert(task)
    .values(
      newTaskRow(context, projectId, input, {
        // Only agent profiles and members of the organization can be assignees, and only one of them.
        assignees: await assigneeColumns(tx, context, input),
        projectKey,
        number,
        statusId: status.id,
        workUnitId: unit?.id ?? null,
        position: input.position ?? (await endOfStatusColumn(tx, projectId, status.id)),
        blockedBy: await resolveBlockers(tx, { id: projectId, key: projectKey }, input.blockedBy ?? [], null),
        now,
      }),
    )
    .returning();
  if (!row) throw new Error('task insert returned nothing');
  const { labels } = await applyTaskLabels(tx, context, row.id, input.labelIds);
  // Created without labelIds, a task has no labels yet.
  const { created, change } = taskCreation(row, labels ?? []);
  await notifyAssigned(tx, context, now, null, row);
  await record(change);
  if (unit && status.category === 'in_progress')
    await startWorkUnitIfPlanning(tx, record, now, unit.id, row.key);
  return created;
}

/** What the server settles for a new task before it is written: checked by the caller, taken as given. */
export interface TaskPlacement {
  assignees: AssigneeColumns;
  projectKey: string;
  number: number;
  statusId: string;
  workUnitId: string | null;
  position: number;
  blockedBy: string[];
  /** The change's time, which the row records as made. */
  now: Date;
}

/** The row a creation inserts: the input's own fields, then everything the server settles. */
export function newTaskRow(
  context: ActingContext,
  projectId: string,
  input: CreateTask,
  placement: TaskPlacement,
): typeof task.$inferInsert {
  return {
    ...input,
    ...placement.assignees,
    createdById: context.actor.type === 'user' ? context.actor.id : null,
    id: crypto.randomUUID(),
    projectId,
    number: placement.number,
    key: taskKey(placement.projectKey, placement.number),
    workUnitId: placement.workUnitId,
    statusId: placement.statusId,
    position: placement.position,
    blockedBy: placement.blockedBy,
    ...madeAt(placement.now),
  };
}

/** A created task as answers show it, and the change that records its creation. */
export function taskCreation(row: TaskRow, labels: TaskLabel[]): { created: Task; change: ChangeRecord } {
  // A task just created holds no claim: its own creation time is as good as any.
  const created = { ...toTask(row, row.createdAt), labels };
  return {
    created,
    change: {
      ...aboutTask(row, `created task ${row.key} ${row.title}`),
      action: 'task.created',
      data: { version: row.version, task: created },
    },
  };
}

export const updateTask = asOwnChange(updateTaskWithin);

/** An update as one step of a caller's change, so a bulk change applies the very same rules. */
export async function updateTaskWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  reference: string,
  input: UpdateTask,
): Promise<Task> {
  const { task: current, projectKey } = await findTask(tx, context, reference, { lock: true });
  const override = checkClaim(context, current, now);
  if (current.version !== input.version) throw versionConflict('task', current.version);
  const { version: _read, workUnitId, blockedBy, assignee, assigneeUserId, labelIds, ...plain } = input;
  const project = { id: current.projectId, key: projectKey };
  const [row] = await tx
    .update(task)
    .set({
      ...plain,
      // Naming one kind of assignee clears the other (null unassigns).
      ...(await assigneeColumns(tx, context, { assignee, assigneeUserId })),
      ...(workUnitId !== undefined
        ? {
            workUnitId:
              workUnitId === null ? null : (await findWorkUnitInProject(tx, project.id, workUnitId)).id,
          }
        : {}),
      ...(blockedBy !== undefined
        ? { blockedBy: await resolveBlockers(tx, project, blockedBy, current.id) }
        : {}),
      version: current.version + 1,
      updatedAt: now,
    })
    .where(eq(task.id, current.id))
    .returning();
  if (!row) throw new Error('task update returned nothing');
  const labelled = await applyTaskLabels(tx, context, row.id, labelIds);
  // Events name the field as tasks show it: their labels.
  const fields = Object.keys(input)
    .filter((field) => field !== 'version')
    .map((field) => (field === 'labelIds' ? 'labels' : field));
  const plainFields = fields.filter((field) => field !== 'labels');
  const words = describeTaskChanges(current, row, plainFields, await changeNames(tx, current, row));
  const change = describeTaskUpdate(row.key, words, labelled.change);
  const updated = { ...toTask(row, now), labels: labelled.labels };
  await record({
    ...aboutTask(row, `${change}${overrideSuffix(override)}`),
    action: 'task.updated',
    data: { version: row.version, task: updated, fields, ...(override ? { override } : {}) },
  });
  await tellHolder(tx, context, now, override, change);
  await notifyAssigned(tx, context, now, current.assigneeUserId, row);
  return updated;
}

/** Deletes a task with its comments; tasks that waited for it stop waiting, each change recorded. */
export const deleteTask = asOwnChange(deleteTaskWithin);

/** A deletion as one step of a caller's change, so a bulk change applies the very same rules. */
export async function deleteTaskWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  reference: string,
  options: { version?: number },
): Promise<{ deleted: TaskDeletion }> {
  const { task: current } = await findTask(tx, context, reference, { lock: true });
  const override = checkClaim(context, current, now);
  if (options.version !== undefined && options.version !== current.version) {
    throw versionConflict('task', current.version);
  }
  await tellHolder(tx, context, now, override, `deleted ${current.key}`);
  const unblocked = await tx
    .update(task)
    .set({
      blockedBy: sql`array_remove(${task.blockedBy}, ${current.id}::text)`,
      version: sql`${task.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(task.projectId, current.projectId), sql`${current.id}::text = any(${task.blockedBy})`))
    .returning();
  for (const row of unblocked) {
    await record({
      ...aboutTask(row, `${row.key} no longer waits for deleted ${current.key}`),
      action: 'task.updated',
      data: { ...snapshotOf(row, now), fields: ['blockedBy'] },
    });
  }
  await tx.delete(task).where(eq(task.id, current.id));
  await record({
    ...aboutTask(current, `deleted task ${current.key} ${current.title}`),
    action: 'task.deleted',
    data: snapshotOf(current, now),
  });
  return { deleted: { id: current.id, key: current.key, unblocked: unblocked.length } };
}

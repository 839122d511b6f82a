import {
  type CreateTaskStatus,
  createTaskStatusSchema,
  STATUSES_PER_PROJECT,
  type TaskStatus,
  type TaskStatusDeletion,
  type UpdateTaskStatus,
  updateTaskStatusSchema,
} from '@switchboard/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, task, taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import { checkClaim } from '../agents/claim-guard';
import { runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { refuseTakenName, type UniqueNames, withNameGuard } from '../unique-names';
import { placeTask } from './move';
import { findStatus, type StatusRow } from './views';

/**
 * A project's workflow is part of its settings, which follow the role table (organization:update:
 * owners and admins); every member and agent moves tasks between the statuses.
 */
export function requireStatusWriter(role: string): void {
  requireSettingsWriter(role, 'add, change or delete workflow statuses');
}

export function toTaskStatus(row: StatusRow): TaskStatus {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    category: row.category,
    color: row.color,
    position: row.position,
  };
}

/** A status of a project of the caller's organization; PROJECT_NOT_FOUND or STATUS_NOT_FOUND otherwise. */
export async function findStatusOf(
  db: Database,
  context: ActingContext,
  projectId: string,
  statusId: string,
): Promise<StatusRow> {
  const owner = await findProject(db, context, projectId);
  return findStatus(db, owner.id, statusId);
}

const CATEGORY_WORDS: Record<StatusRow['category'], string> = {
  todo: 'to do',
  in_progress: 'in progress',
  review: 'review',
  done: 'done',
};

/**
 * The project of the caller's organization, locked, with its statuses in board order: every change
 * of a workflow runs one after the other, so two admins never leave a category empty between them.
 */
async function lockWorkflow(tx: Transaction, context: ActingContext, projectId: string) {
  const current = await findProject(tx, context, projectId);
  await tx.select({ id: project.id }).from(project).where(eq(project.id, current.id)).for('update');
  const statuses = await tx
    .select()
    .from(taskStatus)
    .where(eq(taskStatus.projectId, current.id))
    .orderBy(asc(taskStatus.position));
  return { project: current, statuses };
}

const STATUS_NAMES: UniqueNames = { code: 'STATUS_NAME_TAKEN', thing: 'status', scope: 'project' };

function refuseEmptyingCategory(statuses: StatusRow[], leaving: StatusRow, doing: string): void {
  const others = statuses.filter(
    (status) => status.id !== leaving.id && status.category === leaving.category,
  );
  if (others.length === 0) {
    throw new AppError(
      'STATUS_CATEGORY_LAST',
      `Cannot ${doing} ${leaving.name}: it is the project's only ${CATEGORY_WORDS[leaving.category]} status, and agents and the review gate need one. Add another ${CATEGORY_WORDS[leaving.category]} status first.`,
    );
  }
}

/** Writes the positions of `ordered` as 0…n-1, touching only the rows whose place changed. */
async function renumber(tx: Transaction, ordered: StatusRow[]): Promise<void> {
  for (const [position, status] of ordered.entries()) {
    if (status.position === position) continue;
    await tx.update(taskStatus).set({ position }).where(eq(taskStatus.id, status.id));
    status.position = position;
  }
}

function placeAt<T>(list: T[], item: T, position: number | undefined): T[] {
  const at = Math.min(position ?? list.length, list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export async function createTaskStatus(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  input: CreateTaskStatus,
): Promise<TaskStatus> {
  const { name, category, color, position } = createTaskStatusSchema.parse(input);
  return withNameGuard(STATUS_NAMES, name, () =>
    runChange(services, context, async (tx, record) => {
      const { project: owner, statuses } = await lockWorkflow(tx, context, projectId);
      if (statuses.length >= STATUSES_PER_PROJECT) {
        throw new AppError(
          'STATUS_LIMIT_REACHED',
          `A project may have at most ${STATUSES_PER_PROJECT} statuses; delete one you no longer use first.`,
        );
      }
      refuseTakenName(STATUS_NAMES, statuses, name);
      // Inserted past the end, then put in its place, so the positions never collide on the way.
      const [row] = await tx
        .insert(taskStatus)
        .values({
          id: crypto.randomUUID(),
          projectId: owner.id,
          name,
          category,
          color,
          position: statuses.length,
        })
        .returning();
      if (!row) throw new Error('status insert returned nothing');
      await renumber(tx, placeAt(statuses, row, position));
      await record({
        projectId: owner.id,
        action: 'task_status.created',
        entity: 'task_status',
        entityId: row.id,
        summary: `added status ${row.name} (${CATEGORY_WORDS[row.category]}) to ${owner.key}`,
        data: { status: toTaskStatus(row) },
      });
      return toTaskStatus(row);
    }),
  );
}

function describeStatusUpdate(before: StatusRow, after: StatusRow, key: string): string {
  const changes = [
    ...(before.name !== after.name ? [`renamed to ${after.name}`] : []),
    ...(before.category !== after.category ? [`now counts as ${CATEGORY_WORDS[after.category]}`] : []),
    ...(before.color !== after.color ? ['recoloured'] : []),
    ...(before.position !== after.position ? [`moved to column ${after.position + 1}`] : []),
  ];
  return `changed status ${before.name} of ${key}: ${changes.join(', ') || 'no change'}`;
}

export async function updateTaskStatus(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  statusId: string,
  input: UpdateTaskStatus,
): Promise<TaskStatus> {
  const { name, category, color, position } = updateTaskStatusSchema.parse(input);
  return withNameGuard(STATUS_NAMES, name, () =>
    runChange(services, context, async (tx, record) => {
      const { project: owner, statuses } = await lockWorkflow(tx, context, projectId);
      const current =
        statuses.find((status) => status.id === statusId) ?? (await findStatus(tx, owner.id, statusId));
      const before = { ...current };
      if (name !== undefined) refuseTakenName(STATUS_NAMES, statuses, name, current.id);
      if (category !== undefined && category !== current.category) {
        refuseEmptyingCategory(statuses, current, 'change the category of');
      }
      const changes = {
        ...(name !== undefined ? { name } : {}),
        ...(category !== undefined ? { category } : {}),
        ...(color !== undefined ? { color } : {}),
      };
      const [updated] = Object.keys(changes).length
        ? await tx.update(taskStatus).set(changes).where(eq(taskStatus.id, current.id)).returning()
        : [current];
      if (!updated) throw new Error('status update returned nothing');
      const row: StatusRow = { ...updated };
      if (position !== undefined) {
        const rest = statuses.filter((status) => status.id !== row.id);
        await renumber(tx, placeAt(rest, row, position));
      }
      const fields = (['name', 'category', 'color', 'position'] as const).filter(
        (field) => before[field] !== row[field],
      );
      await record({
        projectId: owner.id,
        action: 'task_status.updated',
        entity: 'task_status',
        entityId: row.id,
        summary: describeStatusUpdate(before, row, owner.key),
        data: { status: toTaskStatus(row), fields },
      });
      return toTaskStatus(row);
    }),
  );
}

/**
 * Deletes a status. Its tasks go to `moveTo` one by one through the mover, so each move is gated,
 * recorded and notified as if someone had dragged the card; nothing is deleted with the status.
 */
export async function deleteTaskStatus(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  statusId: string,
  moveTo: string | undefined,
): Promise<TaskStatusDeletion> {
  return runChange(services, context, async (tx, record, now) => {
    const { project: owner, statuses } = await lockWorkflow(tx, context, projectId);
    const current =
      statuses.find((status) => status.id === statusId) ?? (await findStatus(tx, owner.id, statusId));
    refuseEmptyingCategory(statuses, current, 'delete');
    const tasks = await tx
      .select()
      .from(task)
      .where(and(eq(task.projectId, owner.id), eq(task.statusId, current.id)))
      .orderBy(asc(task.position))
      .for('update');
    let target: StatusRow | null = null;
    if (moveTo !== undefined) {
      target = await findStatus(tx, owner.id, moveTo);
      if (target.id === current.id) {
        throw new AppError('VALIDATION_FAILED', 'moveTo: must be another status than the one deleted', [
          { path: ['moveTo'], message: 'must be another status than the one deleted' },
        ]);
      }
    }
    if (tasks.length > 0 && !target) {
      throw new AppError(
        'STATUS_MOVE_TO_REQUIRED',
        `${current.name} still has ${tasks.length} task${tasks.length === 1 ? '' : 's'}; send ?moveTo=<status id> to say where they go.`,
        { tasks: tasks.length },
      );
    }
    for (const row of tasks) {
      if (!target) break;
      await placeTask(tx, record, now, context, row, {
        to: target,
        cause: { kind: 'asked', override: checkClaim(context, row, now) },
      });
    }
    await tx.delete(taskStatus).where(eq(taskStatus.id, current.id));
    await renumber(
      tx,
      statuses.filter((status) => status.id !== current.id),
    );
    await record({
      projectId: owner.id,
      action: 'task_status.deleted',
      entity: 'task_status',
      entityId: current.id,
      summary:
        tasks.length > 0 && target
          ? `deleted status ${current.name} of ${owner.key}; its ${tasks.length} tasks went to ${target.name}`
          : `deleted status ${current.name} of ${owner.key}`,
      data: { status: toTaskStatus(current), movedTo: target?.id ?? null, movedTasks: tasks.length },
    });
    return {
      deleted: { id: current.id, name: current.name },
      movedTasks: tasks.length,
      movedTo: target?.id ?? null,
    };
  });
}

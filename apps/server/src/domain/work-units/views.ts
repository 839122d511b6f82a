import type {
  ListWorkUnitsQuery,
  WorkUnit,
  WorkUnitDetail,
  WorkUnitProgress,
} from '@switchboard/api-client/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, task, taskStatus, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { AppError } from '../errors';
import { completeTasks } from '../people/assignee-people';
import { findProject } from '../projects/lookup';
import { parseWorkUnitKey } from '../references';
import { type Executor, tasksOfWorkUnit } from '../tasks/views';
import { adviceFor, depthOf, deriveProgress, type ProgressTask } from './progress';

export type WorkUnitRow = typeof workUnit.$inferSelect;

export interface FoundWorkUnit {
  unit: WorkUnitRow;
  projectKey: string;
}

interface Derived {
  progress: WorkUnitProgress;
  depth: number;
}

export function toWorkUnit(row: WorkUnitRow, derived: Derived): WorkUnit {
  const taskCount = derived.progress.totalTasks;
  return {
    id: row.id,
    projectId: row.projectId,
    number: row.number,
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    status: row.status,
    parentWorkUnitId: row.parentWorkUnitId,
    ownerId: row.ownerId,
    estimatedEffort: row.estimatedEffort,
    startDate: row.startDate,
    targetDate: row.targetDate,
    completedAt: row.completedAt?.toISOString() ?? null,
    // Clients read progress under devInfo as well as at the top; it is derived here and never stored
    // (see withoutDerived).
    devInfo: { ...row.devInfo, progress: derived.progress },
    progress: derived.progress,
    taskCount,
    depth: derived.depth,
    warnings: adviceFor({ type: row.type, depth: derived.depth, taskCount }),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** devInfo as stored: the derived progress a client may echo back is dropped, never kept by hand. */
export function withoutDerived(devInfo: Record<string, unknown>): Record<string, unknown> {
  const { progress: _derived, ...stored } = devInfo;
  return stored;
}

function byReference(reference: string): SQL | undefined {
  const key = parseWorkUnitKey(reference);
  return key
    ? and(eq(project.key, key.projectKey), eq(workUnit.number, key.number))
    : eq(workUnit.id, reference);
}

/** A work unit of the caller's organization by id or key (SWB-WU-3, any case); else WORK_UNIT_NOT_FOUND. */
export async function findWorkUnit(
  db: Executor,
  context: ActingContext,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<FoundWorkUnit> {
  const query = db
    .select({ unit: workUnit, projectKey: project.key })
    .from(workUnit)
    .innerJoin(project, eq(project.id, workUnit.projectId))
    .where(and(byReference(reference), eq(project.organizationId, context.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: workUnit }) : await query;
  if (!row)
    throw new AppError('WORK_UNIT_NOT_FOUND', `There is no work unit ${reference} in this organization.`);
  return row;
}

/** A work unit a body refers to (by id or slug); it must belong to the same project. */
export async function findWorkUnitInProject(
  db: Executor,
  projectId: string,
  reference: string,
): Promise<WorkUnitRow> {
  const [row] = await db
    .select({ unit: workUnit })
    .from(workUnit)
    .innerJoin(project, eq(project.id, workUnit.projectId))
    .where(and(byReference(reference), eq(workUnit.projectId, projectId)))
    .limit(1);
  if (!row) throw new AppError('WORK_UNIT_NOT_FOUND', `Work unit ${reference} is not in this project.`);
  return row.unit;
}

/** Each unit's parent, for the whole project: depth and cycle checks walk it. */
export async function parentsOf(db: Executor, projectId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ id: workUnit.id, parent: workUnit.parentWorkUnitId })
    .from(workUnit)
    .where(eq(workUnit.projectId, projectId));
  return new Map(rows.map((row) => [row.id, row.parent]));
}

async function progressTasksOf(db: Executor, unitIds: string[]): Promise<Map<string, ProgressTask[]>> {
  const byUnit = new Map<string, ProgressTask[]>();
  if (unitIds.length === 0) return byUnit;
  const rows = await db
    .select({
      id: task.id,
      key: task.key,
      title: task.title,
      workUnitId: task.workUnitId,
      category: taskStatus.category,
    })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(inArray(task.workUnitId, unitIds))
    .orderBy(asc(taskStatus.position), asc(task.position), asc(task.number));
  for (const row of rows) {
    if (!row.workUnitId) continue;
    const list = byUnit.get(row.workUnitId) ?? [];
    list.push(row);
    byUnit.set(row.workUnitId, list);
  }
  return byUnit;
}

/** The API shape of units of one project, with progress, depth and advice derived from the tasks. */
export async function viewWorkUnits(
  db: Executor,
  projectId: string,
  rows: WorkUnitRow[],
): Promise<WorkUnit[]> {
  if (rows.length === 0) return [];
  const parents = await parentsOf(db, projectId);
  const tasks = await progressTasksOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toWorkUnit(row, { progress: deriveProgress(tasks.get(row.id) ?? []), depth: depthOf(row.id, parents) }),
  );
}

export async function viewWorkUnit(db: Executor, row: WorkUnitRow): Promise<WorkUnit> {
  const [view] = await viewWorkUnits(db, row.projectId, [row]);
  if (!view) throw new Error('a work unit view went missing');
  return view;
}

export async function listWorkUnits(
  db: Database,
  context: ActingContext,
  projectId: string,
  query: ListWorkUnitsQuery,
): Promise<WorkUnit[]> {
  await findProject(db, context, projectId);
  const conditions = [eq(workUnit.projectId, projectId)];
  if (query.status) conditions.push(eq(workUnit.status, query.status));
  if (query.type) conditions.push(eq(workUnit.type, query.type));
  const rows = await db
    .select()
    .from(workUnit)
    .where(and(...conditions))
    .orderBy(asc(workUnit.number));
  return viewWorkUnits(db, projectId, rows);
}

/** GET /work-units/:idOrSlug: the unit and its tasks in board order, with their assignees and labels. */
export async function getWorkUnit(
  db: Database,
  context: ActingContext,
  reference: string,
  now: Date,
): Promise<WorkUnitDetail> {
  const { unit } = await findWorkUnit(db, context, reference);
  const tasks = await completeTasks(db, context.organizationId, await tasksOfWorkUnit(db, unit.id, now));
  return { ...(await viewWorkUnit(db, unit)), tasks };
}

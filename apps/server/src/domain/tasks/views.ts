import type { ListTasksQuery, Task, TaskPage } from '@switchboard/api-client/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, task, taskStatus, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import { containsPattern, decodeCursor, encodeCursor } from '../ordering';
import { completeTasks } from '../people/assignee-people';
import { findProject } from '../projects/lookup';
import { parseTaskKey, parseWorkUnitKey } from '../references';
import { labelFilter } from './labels';

export type Executor = Database | Transaction;
export type TaskRow = typeof task.$inferSelect;
export type StatusRow = typeof taskStatus.$inferSelect;

/** A task's answer; `now` decides whether its claim's lease still runs. */
export function toTask(row: TaskRow, now: Date): Task {
  return {
    id: row.id,
    projectId: row.projectId,
    workUnitId: row.workUnitId,
    number: row.number,
    key: row.key,
    title: row.title,
    description: row.description,
    assignee: row.assignee,
    // The name, like the task's labels, is filled in by completeTasks before the answer leaves (both
    // live in other tables).
    assigneeUser: row.assigneeUserId ? { id: row.assigneeUserId, name: '' } : null,
    createdById: row.createdById,
    acceptanceCriteria: row.acceptanceCriteria,
    statusId: row.statusId,
    position: row.position,
    priority: row.priority,
    dueDate: row.dueDate,
    estimate: row.estimate,
    blockedBy: row.blockedBy,
    // A lease that ran out is no claim, whether or not anyone has cleared the columns yet.
    claim:
      row.claimedBy && row.claimExpiresAt && row.claimExpiresAt.getTime() > now.getTime()
        ? {
            by: row.claimedBy,
            ...(row.claimAgent ? { agentName: row.claimAgent } : {}),
            expiresAt: row.claimExpiresAt.toISOString(),
          }
        : null,
    usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens, costUsd: row.costUsd },
    devInfo: row.devInfo,
    openFindings: {
      high: row.openHighFindings,
      medium: row.openMediumFindings,
      low: row.openLowFindings,
    },
    needsReview: row.needsReview,
    development: row.development,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface FoundTask {
  task: TaskRow;
  projectKey: string;
}

/**
 * A task of the caller's organization by id or key (SWB-12, any case); anything else is TASK_NOT_FOUND.
 * `lock` takes the task's row lock, so concurrent writers of one task queue and compare versions in turn.
 */
export async function findTask(
  db: Executor,
  context: ActingContext,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<FoundTask> {
  const key = parseTaskKey(reference);
  const which = key
    ? and(eq(project.key, key.projectKey), eq(task.number, key.number))
    : eq(task.id, reference);
  const query = db
    .select({ task, projectKey: project.key })
    .from(task)
    .innerJoin(project, eq(project.id, task.projectId))
    .where(and(which, eq(project.organizationId, context.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: task }) : await query;
  if (!row) throw new AppError('TASK_NOT_FOUND', `There is no task ${reference} in this organization.`);
  return row;
}

export async function findStatus(db: Executor, projectId: string, statusId: string): Promise<StatusRow> {
  const [row] = await db
    .select()
    .from(taskStatus)
    .where(and(eq(taskStatus.id, statusId), eq(taskStatus.projectId, projectId)))
    .limit(1);
  if (!row) throw new AppError('STATUS_NOT_FOUND', `Status ${statusId} is not a status of this project.`);
  return row;
}

/** Where a new task goes when no status is named: the first todo column, else the first column. */
export async function defaultStatus(db: Executor, projectId: string): Promise<StatusRow> {
  const statuses = await db
    .select()
    .from(taskStatus)
    .where(eq(taskStatus.projectId, projectId))
    .orderBy(asc(taskStatus.position));
  const chosen = statuses.find((status) => status.category === 'todo') ?? statuses[0];
  if (!chosen) throw new AppError('STATUS_NOT_FOUND', 'This project has no statuses.');
  return chosen;
}

const boardOrder = [asc(taskStatus.position), asc(task.position), asc(task.number)];

/** A work unit named by id or key, as a filter; a key of another project matches nothing. */
function workUnitFilter(db: Executor, projectId: string, projectKey: string, reference: string): SQL {
  const key = parseWorkUnitKey(reference);
  if (!key) return eq(task.workUnitId, reference);
  if (key.projectKey !== projectKey) return sql`false`;
  const units = db
    .select({ id: workUnit.id })
    .from(workUnit)
    .where(and(eq(workUnit.projectId, projectId), eq(workUnit.number, key.number)));
  return inArray(task.workUnitId, units);
}

function filtersOf(db: Executor, projectRow: { id: string; key: string }, query: ListTasksQuery): SQL[] {
  const conditions: SQL[] = [eq(task.projectId, projectRow.id)];
  if (query.statusId) conditions.push(eq(task.statusId, query.statusId));
  if (query.assignee) conditions.push(sql`lower(${task.assignee}) = lower(${query.assignee})`);
  if (query.assigneeUserId) conditions.push(eq(task.assigneeUserId, query.assigneeUserId));
  if (query.priority) conditions.push(eq(task.priority, query.priority));
  if (query.workUnitId) conditions.push(workUnitFilter(db, projectRow.id, projectRow.key, query.workUnitId));
  if (query.search?.trim()) {
    const pattern = containsPattern(query.search.trim());
    const match = or(ilike(task.key, pattern), ilike(task.title, pattern), ilike(task.description, pattern));
    if (match) conditions.push(match);
  }
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${taskStatus.position}, ${task.position}, ${task.number}) > (${after.statusPosition}::integer, ${after.position}::double precision, ${after.number}::integer)`,
    );
  }
  return conditions;
}

/** One page of a project's tasks in board order, filtered; `nextCursor` is absent on the last page. */
export async function listTasks(
  db: Database,
  context: ActingContext,
  projectId: string,
  query: ListTasksQuery,
  now: Date,
): Promise<TaskPage> {
  const projectRow = await findProject(db, context, projectId);
  const rows = await db
    .select({ task, statusPosition: taskStatus.position })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(and(...filtersOf(db, projectRow, query), ...labelFilter(context.organizationId, query.label)))
    .orderBy(...boardOrder)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last;
  return completeTasks(db, context.organizationId, {
    items: page.map((row) => toTask(row.task, now)),
    ...(more
      ? {
          nextCursor: encodeCursor({
            statusPosition: last.statusPosition,
            position: last.task.position,
            number: last.task.number,
          }),
        }
      : {}),
  });
}

/** A work unit's tasks in board order. */
export async function tasksOfWorkUnit(db: Executor, workUnitId: string, now: Date): Promise<Task[]> {
  const rows = await db
    .select({ task })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(eq(task.workUnitId, workUnitId))
    .orderBy(...boardOrder);
  return rows.map((row) => toTask(row.task, now));
}

import { CLAIM_LEASE_MS, type Task } from '@switchboard/api-client/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agentSession, task, taskStatus } from '../db/schema';
import type { EventBus } from '../events/bus';
import { AppError } from '../http/errors';
import type { ActingContext } from './actor';
import { setCurrentTask } from './agent-sessions';
import { type RecordChange, runChange, type Transaction } from './changes';
import { findTask, type TaskRow, toTask } from './task-views';

/**
 * Claims are leases, so a crashed agent cannot hold a task forever: a task is held by one agent session until
 * it releases it or the lease runs out; every call of the holding session renews it. Taking a claim is
 * one conditional UPDATE, so of two agents racing for a task exactly one wins, on any number of
 * server processes. A claim is not an edit of the task: it does not bump the version, so an agent's
 * claim never makes a person's pending edit stale; it is announced as task.claimed / task.released.
 */
const leaseEnd = sql`now() + (${CLAIM_LEASE_MS} * interval '1 millisecond')`;

function recordClaim(
  record: RecordChange,
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
    data: { version: row.version, task: toTask(row), claim: toTask(row).claim },
  });
}

export interface ClaimHolder {
  sessionId: string;
  agentName: string | null;
  expiresAt: string;
}

/** Who holds a task's claim right now (an expired claim is nobody's). */
async function holderOf(tx: Transaction | Database, taskId: string): Promise<ClaimHolder | null> {
  const [row] = await tx
    .select({
      sessionId: task.claimedBy,
      expiresAt: task.claimExpiresAt,
      agentName: agentSession.agentName,
      live: sql<boolean>`${task.claimExpiresAt} >= now()`,
    })
    .from(task)
    .leftJoin(agentSession, eq(agentSession.id, task.claimedBy))
    .where(eq(task.id, taskId))
    .limit(1);
  if (!row?.sessionId || !row.expiresAt || !row.live) return null;
  return { sessionId: row.sessionId, agentName: row.agentName, expiresAt: row.expiresAt.toISOString() };
}

function claimedElsewhere(key: string, holder: ClaimHolder): AppError {
  const who = holder.agentName ?? 'another agent';
  return new AppError(
    'CONFLICT',
    `${key} is claimed by ${who} (session ${holder.sessionId}) until ${holder.expiresAt}. ` +
      'Pick another task (next-task) or wait until it is released or the claim expires.',
    { key, holder },
  );
}

/** Takes (or renews) the claim of a task for an agent session; another live holder gets CONFLICT (409). */
export async function claimTask(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  sessionId: string,
  reference: string,
): Promise<Task> {
  return runChange(db, bus, context, async (tx, record) => {
    const { task: found } = await findTask(tx, context, reference);
    const [row] = await tx
      .update(task)
      .set({ claimedBy: sessionId, claimExpiresAt: leaseEnd })
      .where(
        and(
          eq(task.id, found.id),
          or(isNull(task.claimedBy), eq(task.claimedBy, sessionId), lt(task.claimExpiresAt, sql`now()`)),
        ),
      )
      .returning();
    if (!row) {
      const holder = await holderOf(tx, found.id);
      throw holder
        ? claimedElsewhere(found.key, holder)
        : new AppError('CONFLICT', `${found.key} changed hands just now; try again.`);
    }
    const renewal = found.claimedBy === sessionId;
    await recordClaim(
      record,
      'task.claimed',
      row,
      renewal
        ? `${context.actor.name} renewed the claim on ${row.key}`
        : `${context.actor.name} claimed ${row.key}`,
    );
    await setCurrentTask(tx, record, sessionId, row);
    return toTask(row);
  });
}

/** Gives a claim back. Releasing a task nobody holds is fine; one another session holds is CONFLICT. */
export async function releaseTask(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  sessionId: string,
  reference: string,
): Promise<{ task: Task; released: boolean }> {
  return runChange(db, bus, context, async (tx, record) => {
    const { task: found } = await findTask(tx, context, reference);
    const row = await releaseIn(
      tx,
      record,
      sessionId,
      found.id,
      `${context.actor.name} released ${found.key}`,
    );
    if (row) return { task: toTask(row), released: true };
    const holder = await holderOf(tx, found.id);
    if (holder && holder.sessionId !== sessionId) throw claimedElsewhere(found.key, holder);
    return { task: toTask(found), released: false };
  });
}

/** Releases this session's claim on one task inside a change; null when it held none. */
export async function releaseIn(
  tx: Transaction,
  record: RecordChange,
  sessionId: string,
  taskId: string,
  summary: string,
): Promise<TaskRow | null> {
  const [row] = await tx
    .update(task)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(and(eq(task.id, taskId), eq(task.claimedBy, sessionId)))
    .returning();
  if (!row) return null;
  await recordClaim(record, 'task.released', row, summary);
  await setCurrentTask(tx, record, sessionId, null, row.id);
  return row;
}

/** Everything a session holds, released (its client ended it). */
export async function releaseClaimsOf(
  tx: Transaction,
  record: RecordChange,
  sessionId: string,
  agent: string,
) {
  const rows = await tx
    .update(task)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(eq(task.claimedBy, sessionId))
    .returning();
  for (const row of rows) {
    await recordClaim(record, 'task.released', row, `${agent} released ${row.key} (session ended)`);
  }
  return rows.length;
}

const priorityRank = sql`case ${task.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

/**
 * Ready tasks for an agent, best first: in a todo-category status, assigned to the agent or to nobody,
 * not claimed by another live session, and every task it waits for done. Highest priority first; at
 * equal priority the agent's own tasks before unassigned ones, then board order.
 */
export async function readyTasks(
  db: Database,
  projectId: string,
  agentName: string,
  sessionId: string,
  limit: number,
): Promise<TaskRow[]> {
  const blocker = sql.raw('blocker');
  const blockerStatus = sql.raw('blocker_status');
  const rows = await db
    .select({ task })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(
      and(
        eq(task.projectId, projectId),
        eq(taskStatus.category, 'todo'),
        or(isNull(task.assignee), sql`lower(${task.assignee}) = lower(${agentName})`),
        or(isNull(task.claimedBy), eq(task.claimedBy, sessionId), lt(task.claimExpiresAt, sql`now()`)),
        sql`not exists (
          select 1 from ${task} ${blocker}
          join ${taskStatus} ${blockerStatus} on ${blockerStatus}.id = ${blocker}.status_id
          where ${blocker}.id = any(${task.blockedBy}) and ${blockerStatus}.category <> 'done'
        )`,
      ),
    )
    .orderBy(
      priorityRank,
      sql`case when ${task.assignee} is null then 1 else 0 end`,
      asc(taskStatus.position),
      asc(task.position),
      asc(task.number),
    )
    .limit(limit);
  return rows.map((row) => row.task);
}

/**
 * next-task: the best ready task, claimed for the session when asked. Several agents asking at once
 * each get a different task: a lost race moves on to the next candidate.
 */
export async function nextTask(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  options: { projectId: string; agentName: string; sessionId: string; claim: boolean },
): Promise<Task | null> {
  for (let round = 0; round < 3; round++) {
    const candidates = await readyTasks(db, options.projectId, options.agentName, options.sessionId, 10);
    if (candidates.length === 0) return null;
    if (!options.claim) return toTask(candidates[0] as TaskRow);
    for (const candidate of candidates) {
      try {
        return await claimTask(db, bus, context, options.sessionId, candidate.id);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
  }
  return null;
}

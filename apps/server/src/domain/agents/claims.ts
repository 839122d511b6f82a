import { CLAIM_LEASE_MS, type Task } from '@switchboard/api-client/contract';
import { and, asc, eq, gte, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { task, taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type RecordChange, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { findTask, type TaskRow, toTask } from '../tasks/views';
import { liveHolder, taskClaimedError } from './claim-guard';
import { recordClaim, releaseIn, unclaimed } from './claim-release';
import { expireLeases } from './lease-expiry';
import { setCurrentTask } from './sessions';

/**
 * Claims are leases held by an agent (its name in the organization), not by one MCP session: any
 * session of the agent may continue, renew and release the task, so a restarted agent picks up its
 * work. Every call of any of its sessions renews the lease; a lease that runs out is recovered
 * (lease-expiry.ts). `claimedBy` names the session that last took or used the claim, for the
 * dashboard. Taking a claim is one conditional UPDATE, so of two agents racing for a task exactly one
 * wins, on any number of server processes. A claim is not an edit of the task: it does not bump the
 * version, so an agent's claim never makes a person's pending edit stale; it is announced as
 * task.claimed / task.released.
 */
const leaseEnd = (now: Date) => new Date(now.getTime() + CLAIM_LEASE_MS);

/** The agent a claim is taken for: the key's agent (or the person, over MCP with a session token). */
const agentOf = (context: ActingContext) => context.actor.name;

/** Takes (or renews) the claim of a task for the calling agent; another live holder gets TASK_CLAIMED (409). */
export async function claimTask(
  services: DomainServices,
  context: ActingContext,
  sessionId: string,
  reference: string,
): Promise<Task> {
  const agent = agentOf(context);
  return runChange(services, context, async (tx, record, now) => {
    const { task: found } = await findTask(tx, context, reference);
    const [row] = await tx
      .update(task)
      .set({ claimedBy: sessionId, claimAgent: agent, claimExpiresAt: leaseEnd(now), leaseExpiredAt: null })
      .where(
        and(
          eq(task.id, found.id),
          or(isNull(task.claimAgent), eq(task.claimAgent, agent), lt(task.claimExpiresAt, now)),
        ),
      )
      .returning();
    if (!row) {
      const [taken] = await tx.select().from(task).where(eq(task.id, found.id)).limit(1);
      const holder = taken && liveHolder(taken, now);
      throw holder && taken
        ? taskClaimedError(taken, holder)
        : new AppError('CONFLICT', `${found.key} changed hands just now; try again.`);
    }
    const held = liveHolder(found, now)?.agentName === agent;
    await recordClaim(
      record,
      now,
      'task.claimed',
      row,
      held ? `${agent} renewed the claim on ${row.key}` : `${agent} claimed ${row.key}`,
    );
    // The agent's other session that worked on it no longer shows it as its current task.
    if (found.claimedBy && found.claimedBy !== sessionId) {
      await setCurrentTask(tx, record, now, found.claimedBy, null, row.id);
    }
    await setCurrentTask(tx, record, now, sessionId, row);
    return toTask(row, now);
  });
}

/** Gives the agent's claim back. Releasing a task nobody holds is fine; one another agent holds is TASK_CLAIMED. */
export async function releaseTask(
  services: DomainServices,
  context: ActingContext,
  _sessionId: string,
  reference: string,
): Promise<{ task: Task; released: boolean }> {
  const agent = agentOf(context);
  return runChange(services, context, async (tx, record, now) => {
    const { task: found } = await findTask(tx, context, reference, { lock: true });
    const holder = liveHolder(found, now);
    if (holder && holder.agentName !== agent) throw taskClaimedError(found, holder);
    if (!holder) return { task: toTask(found, now), released: false };
    const row = await releaseIn(tx, record, now, found, `${agent} released ${found.key}`);
    return { task: toTask(row ?? found, now), released: row !== null };
  });
}

/** Everything a session last worked on, released (its client ended it with DELETE). */
export async function releaseClaimsOf(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  sessionId: string,
  agent: string,
) {
  const rows = await tx.update(task).set(unclaimed).where(eq(task.claimedBy, sessionId)).returning();
  for (const row of rows) {
    await recordClaim(record, now, 'task.released', row, `${agent} released ${row.key} (session ended)`);
  }
  return rows.length;
}

const priorityRank = sql`case ${task.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

/** A project's tasks, each with its status joined so conditions can read its category, meeting every condition. */
function projectTasksWhere(db: Database, projectId: string, ...conditions: (SQL | undefined)[]) {
  return db
    .select({ task })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(and(eq(task.projectId, projectId), ...conditions));
}

/**
 * The agent's own live claims in a project still being worked on, best first: work to resume. A task
 * handed in (review) or finished (done) is never the worker's to resume: the hand-off released it.
 */
async function claimedWork(
  db: Database,
  projectId: string,
  agentName: string,
  now: Date,
): Promise<TaskRow[]> {
  const rows = await projectTasksWhere(
    db,
    projectId,
    eq(task.claimAgent, agentName),
    gte(task.claimExpiresAt, now),
    notInArray(taskStatus.category, ['review', 'done']),
  )
    .orderBy(priorityRank, asc(taskStatus.position), asc(task.position), asc(task.number))
    .limit(10);
  return rows.map((row) => row.task);
}

/**
 * Ready tasks for an agent, best first: in a todo-category status, assigned to the agent or to nobody,
 * not claimed by another agent, and every task it waits for done. Highest priority first; at equal
 * priority, work recovered from an expired lease before fresh work, the agent's own tasks before
 * unassigned ones, then board order.
 */
export async function readyTasks(
  db: Database,
  projectId: string,
  agentName: string,
  limit: number,
  now: Date,
): Promise<TaskRow[]> {
  const blocker = sql.raw('blocker');
  const blockerStatus = sql.raw('blocker_status');
  const rows = await projectTasksWhere(
    db,
    projectId,
    eq(taskStatus.category, 'todo'),
    or(isNull(task.assignee), sql`lower(${task.assignee}) = lower(${agentName})`),
    or(isNull(task.claimAgent), eq(task.claimAgent, agentName), lt(task.claimExpiresAt, now)),
    sql`not exists (
      select 1 from ${task} ${blocker}
      join ${taskStatus} ${blockerStatus} on ${blockerStatus}.id = ${blocker}.status_id
      where ${blocker}.id = any(${task.blockedBy}) and ${blockerStatus}.category <> 'done'
    )`,
  )
    .orderBy(
      priorityRank,
      sql`case when ${task.leaseExpiredAt} is null then 1 else 0 end`,
      sql`case when ${task.assignee} is null then 1 else 0 end`,
      asc(taskStatus.position),
      asc(task.position),
      asc(task.number),
    )
    .limit(limit);
  return rows.map((row) => row.task);
}

export interface NextTask {
  task: Task;
  /** The agent already held it (a restarted agent picking its work up again), rather than fresh work. */
  resumed: boolean;
}

/**
 * next-task: first the agent's own unfinished claimed work, then the best ready task, claimed for the
 * session when asked. Leases that ran out in the project are recovered first, so their tasks are
 * offered again. Several agents asking at once each get a different task: a lost race moves on to
 * the next candidate.
 */
export async function nextTask(
  services: DomainServices,
  context: ActingContext,
  options: { projectId: string; agentName: string; sessionId: string; claim: boolean },
): Promise<NextTask | null> {
  await expireLeases(services, { projectId: options.projectId });
  const now = services.clock.now();
  const [own] = await claimedWork(services.db, options.projectId, options.agentName, now);
  if (own) {
    const task = options.claim
      ? await claimTask(services, context, options.sessionId, own.id)
      : toTask(own, now);
    return { task, resumed: true };
  }
  for (let round = 0; round < 3; round++) {
    const candidates = await readyTasks(services.db, options.projectId, options.agentName, 10, now);
    if (candidates.length === 0) return null;
    if (!options.claim) return { task: toTask(candidates[0] as TaskRow, now), resumed: false };
    for (const candidate of candidates) {
      try {
        return {
          task: await claimTask(services, context, options.sessionId, candidate.id),
          resumed: false,
        };
      } catch (error) {
        const lostRace =
          error instanceof AppError && (error.code === 'TASK_CLAIMED' || error.code === 'CONFLICT');
        if (!lostRace) throw error;
      }
    }
  }
  return null;
}

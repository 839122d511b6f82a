import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apikey, member, project, task, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import { assignableAgentName } from '../agents/profiles';
import { runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { toTask } from '../tasks/views';

type Executor = Database | Transaction;

/** The word a filter or a person field takes for "the person asking". */
export const ME = 'me';

const NOT_A_MEMBER = 'is not a member of this organization';

function notAMember(field: string, given: string): AppError {
  const message = `${field}: ${given} ${NOT_A_MEMBER}.`;
  return new AppError('VALIDATION_FAILED', message, [
    { code: 'custom', path: [field], message: NOT_A_MEMBER },
  ]);
}

/** A member's user id, checked against the acting organization; anyone else is a 400 on `field`. */
export async function assignableMemberId(
  tx: Executor,
  context: ActingContext,
  userId: string,
  field = 'assigneeUserId',
): Promise<string> {
  const [row] = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, context.organizationId), eq(member.userId, userId)))
    .limit(1);
  if (!row) throw notAMember(field, userId);
  return row.userId;
}

/** A member named by e-mail (exact, any case), as agents name people; anyone else is a 400 on `field`. */
export async function memberIdByEmail(
  tx: Executor,
  context: ActingContext,
  email: string,
  field: string,
): Promise<string> {
  const [row] = await tx
    .select({ userId: member.userId })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(eq(member.organizationId, context.organizationId), sql`lower(${user.email}) = lower(${email})`),
    )
    .limit(1);
  if (!row) throw notAMember(field, email);
  return row.userId;
}

/**
 * The person behind a caller: a signed-in person is themselves, an API key is the member who made it.
 * Null when neither (an agent acting without a key).
 */
export async function personOf(
  db: Executor,
  context: ActingContext & { apiKeyId?: string },
): Promise<string | null> {
  if (context.actor.type === 'user') return context.actor.id;
  if (!context.apiKeyId) return null;
  const [key] = await db
    .select({ owner: apikey.referenceId })
    .from(apikey)
    .where(eq(apikey.id, context.apiKeyId))
    .limit(1);
  return key?.owner ?? null;
}

export interface AssigneeInput {
  /** An agent profile name; null unassigns. */
  assignee?: string | null;
  /** A member's user id; null unassigns. */
  assigneeUserId?: string | null;
}

export interface AssigneeColumns {
  assignee?: string | null;
  assigneeUserId?: string | null;
}

/**
 * The assignee columns an input sets. A task has at most one assignee, so naming an agent clears the
 * person and naming a person clears the agent; naming both at once is refused rather than guessed.
 */
export async function assigneeColumns(
  tx: Transaction,
  context: ActingContext,
  input: AssigneeInput,
): Promise<AssigneeColumns> {
  const { assignee, assigneeUserId } = input;
  if (assignee && assigneeUserId) {
    const message =
      'a task has one assignee: give an agent (assignee) or a person (assigneeUserId), not both';
    throw new AppError('VALIDATION_FAILED', `assigneeUserId: ${message}.`, [
      { code: 'custom', path: ['assigneeUserId'], message },
    ]);
  }
  if (assigneeUserId) {
    return { assigneeUserId: await assignableMemberId(tx, context, assigneeUserId), assignee: null };
  }
  if (assignee) return { assignee: await assignableAgentName(tx, context, assignee), assigneeUserId: null };
  return {
    ...(assignee === null ? { assignee: null } : {}),
    ...(assigneeUserId === null ? { assigneeUserId: null } : {}),
  };
}

/** The change is nobody's in particular: the person left, and the organization's tasks follow. */
const departureActor = { type: 'user', id: null, name: 'Switchboard' } as const;

/**
 * Unassigns tasks whose person is no longer a member of the task's organization (they left or were
 * removed), one recorded change per task so every board drops the avatar. Membership changes reach the
 * server only as "access changed", so this looks for such tasks everywhere; the query uses the
 * assignee index and finds nothing in the common case. Each task is re-checked under its row lock, so
 * several processes sweeping at once record each unassignment once. Answers how many it unassigned.
 */
export async function unassignDepartedMembers(services: DomainServices): Promise<number> {
  const departed = notExists(
    services.db
      .select({ one: sql`1` })
      .from(member)
      .where(and(eq(member.userId, task.assigneeUserId), eq(member.organizationId, project.organizationId))),
  );
  const due = await services.db
    .select({ id: task.id, organizationId: project.organizationId })
    .from(task)
    .innerJoin(project, eq(project.id, task.projectId))
    .where(and(isNotNull(task.assigneeUserId), departed))
    .limit(500);
  let unassigned = 0;
  for (const candidate of due) {
    const context: ActingContext = { organizationId: candidate.organizationId, actor: departureActor };
    const done = await runChange(services, context, async (tx, record, now) => {
      const [current] = await tx
        .select()
        .from(task)
        .innerJoin(project, eq(project.id, task.projectId))
        .where(and(eq(task.id, candidate.id), isNotNull(task.assigneeUserId), departed))
        .for('update', { of: task })
        .limit(1);
      if (!current) return false;
      const [row] = await tx
        .update(task)
        .set({ assigneeUserId: null, version: current.task.version + 1, updatedAt: now })
        .where(eq(task.id, candidate.id))
        .returning();
      if (!row) return false;
      await record({
        projectId: row.projectId,
        action: 'task.updated',
        entity: 'task',
        entityId: row.id,
        summary: `unassigned ${row.key}: its assignee left the organization`,
        data: { version: row.version, task: toTask(row, now), fields: ['assigneeUserId'] },
      });
      return true;
    });
    if (done) unassigned++;
  }
  return unassigned;
}

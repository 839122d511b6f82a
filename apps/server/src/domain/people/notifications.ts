import type {
  ListNotificationsQuery,
  Notification,
  NotificationKind,
  NotificationPage,
} from '@switchboard/api-client/contract';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apikey, member, notification, question, task, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import type { CreatedNotification } from './notification-mailer';

export type { CreatedNotification };

type NotificationRow = typeof notification.$inferSelect;

/** What a change wants someone to know; the actor and time come from the change itself. */
export interface NotificationDraft {
  recipientId: string;
  kind: NotificationKind;
  title: string;
  summary: string;
  task: { id: string; key: string; projectId: string };
  questionId?: string;
  commentId?: string;
}

/**
 * Hands notifications that just committed to the mailer, without waiting: a slow or failing mail
 * server must never hold up or undo the change, and the inbox entry is already stored.
 */
export function mailAfterCommit({ db, mail }: DomainServices, created: CreatedNotification[]): void {
  if (!mail || created.length === 0) return;
  void mail(db, created).catch((error: unknown) => {
    console.error(`[notifications] mail failed: ${(error as Error).message}`);
  });
}

/**
 * Writes notifications inside the change's transaction, so they exist exactly when the change does,
 * stamped with the change's time.
 * Nobody is told about their own doing, only members of the organization are told anything, each
 * person gets one entry per kind and subject, and a comment notifies a person of a mention once
 * however often it is edited (a unique index; the conflict is skipped).
 */
export async function notify(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  drafts: NotificationDraft[],
): Promise<CreatedNotification[]> {
  const actorUserId = context.actor.type === 'user' ? context.actor.id : null;
  const unique = new Map<string, NotificationDraft>();
  for (const draft of drafts) {
    if (draft.recipientId === actorUserId) continue;
    unique.set(
      `${draft.recipientId}|${draft.kind}`,
      unique.get(`${draft.recipientId}|${draft.kind}`) ?? draft,
    );
  }
  if (unique.size === 0) return [];
  const members = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(
      and(
        eq(member.organizationId, context.organizationId),
        inArray(member.userId, [...new Set([...unique.values()].map((draft) => draft.recipientId))]),
      ),
    );
  const memberIds = new Set(members.map((row) => row.userId));
  const wanted = [...unique.values()].filter((draft) => memberIds.has(draft.recipientId));
  if (wanted.length === 0) return [];
  const rows = await tx
    .insert(notification)
    .values(
      wanted.map((draft) => ({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        recipientId: draft.recipientId,
        kind: draft.kind,
        projectId: draft.task.projectId,
        taskId: draft.task.id,
        questionId: draft.questionId ?? null,
        commentId: draft.commentId ?? null,
        actorType: context.actor.type,
        actorName: context.actor.name,
        title: draft.title,
        summary: draft.summary,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const keyOf = new Map(wanted.map((draft) => [draft.task.id, draft.task.key]));
  return rows.map((row) => ({ row, taskKey: keyOf.get(row.taskId ?? '') ?? '' }));
}

/** The person who owns the API key an agent acts with; undefined for a person acting. */
export async function keyOwnerOf(tx: Transaction, context: ActingContext): Promise<string | undefined> {
  if (context.actor.type !== 'agent' || !context.actor.id) return undefined;
  const [row] = await tx
    .select({ userId: apikey.referenceId })
    .from(apikey)
    .where(eq(apikey.id, context.actor.id))
    .limit(1);
  return row?.userId;
}

/** The people a task answers to: who it is assigned to and who created it, when they are people. */
export async function taskPeopleOf(tx: Transaction, taskId: string) {
  const [row] = await tx
    .select({ assigneeUserId: task.assigneeUserId, createdById: task.createdById })
    .from(task)
    .where(eq(task.id, taskId))
    .limit(1);
  return { assigneeUserId: row?.assigneeUserId ?? null, createdById: row?.createdById ?? null };
}

// ——— Reading one's inbox ———

const listedColumns = {
  notification,
  taskKey: task.key,
  questionAnswer: question.answer,
} as const;

function toNotification(row: {
  notification: NotificationRow;
  taskKey: string | null;
  questionAnswer: string | null;
}): Notification {
  const entry = row.notification;
  return {
    id: entry.id,
    kind: entry.kind,
    actor: { type: entry.actorType, name: entry.actorName },
    title: entry.title,
    summary: entry.summary,
    projectId: entry.projectId,
    taskId: entry.taskId,
    taskKey: row.taskKey,
    questionId: entry.questionId,
    questionOpen: entry.questionId !== null && row.questionAnswer === null,
    commentId: entry.commentId,
    planId: entry.planId,
    readAt: entry.readAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** Notifications are the caller's own: a person's, in the organization they act in. */
function recipientOf(context: ActingContext): string {
  if (context.actor.type !== 'user' || !context.actor.id) {
    throw new AppError('FORBIDDEN', 'The inbox belongs to a person; sign in to read it.');
  }
  return context.actor.id;
}

function ownedBy(context: ActingContext) {
  return and(
    eq(notification.recipientId, recipientOf(context)),
    eq(notification.organizationId, context.organizationId),
  );
}

const CURSOR_SEPARATOR = '_';

function cursorOf(row: NotificationRow): string {
  return `${row.createdAt.getTime()}${CURSOR_SEPARATOR}${row.id}`;
}

function afterCursor(cursor: string) {
  const [time, id] = cursor.split(CURSOR_SEPARATOR, 2);
  const at = new Date(Number(time));
  if (!id || Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'cursor: must be a cursor from a previous page', [
      { path: ['cursor'], message: 'must be a cursor from a previous page' },
    ]);
  }
  return or(lt(notification.createdAt, at), and(eq(notification.createdAt, at), lt(notification.id, id)));
}

/** The caller's inbox, newest first, a page at a time. */
export async function listNotifications(
  db: Database,
  context: ActingContext,
  query: ListNotificationsQuery,
): Promise<NotificationPage> {
  const rows = await db
    .select(listedColumns)
    .from(notification)
    .leftJoin(task, eq(task.id, notification.taskId))
    .leftJoin(question, eq(question.id, notification.questionId))
    .where(
      and(
        ownedBy(context),
        query.unread ? isNull(notification.readAt) : undefined,
        query.cursor ? afterCursor(query.cursor) : undefined,
      ),
    )
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotification),
    ...(rows.length > query.limit && last ? { nextCursor: cursorOf(last.notification) } : {}),
  };
}

export async function unreadCount(db: Database, context: ActingContext): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notification)
    .where(and(ownedBy(context), isNull(notification.readAt)));
  return row?.unread ?? 0;
}

/** Marks one entry read (again is fine); another person's entry, or an unknown one, is not found. */
export async function markRead(
  { db, clock }: DomainServices,
  context: ActingContext,
  id: string,
): Promise<Notification> {
  const [updated] = await db
    .update(notification)
    .set({ readAt: sql`coalesce(${notification.readAt}, ${clock.now().toISOString()}::timestamptz)` })
    .where(and(eq(notification.id, id), ownedBy(context)))
    .returning({ id: notification.id });
  if (!updated) throw new AppError('NOT_FOUND', `You have no notification ${id}.`);
  const [row] = await db
    .select(listedColumns)
    .from(notification)
    .leftJoin(task, eq(task.id, notification.taskId))
    .leftJoin(question, eq(question.id, notification.questionId))
    .where(eq(notification.id, id));
  if (!row) throw new AppError('NOT_FOUND', `You have no notification ${id}.`);
  return toNotification(row);
}

export async function markAllRead({ db, clock }: DomainServices, context: ActingContext): Promise<number> {
  const rows = await db
    .update(notification)
    .set({ readAt: clock.now() })
    .where(and(ownedBy(context), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return rows.length;
}

/** The e-mail addresses of notified people, for the mailer. */
export async function recipientsOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, userIds));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/**
 * An agent asks a person (request-input): the person whose API key it acts with, and the task's
 * assignee and creator when they are people, are each told once.
 */
export async function notifyInputRequested(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  asked: { questionId: string; question: string; agentName: string },
  on: { id: string; key: string; projectId: string; title: string },
): Promise<CreatedNotification[]> {
  const owner = await keyOwnerOf(tx, context);
  const people = await taskPeopleOf(tx, on.id);
  const recipients = [owner, people.assigneeUserId, people.createdById].filter(
    (id): id is string => typeof id === 'string',
  );
  return notify(
    tx,
    context,
    now,
    [...new Set(recipients)].map((recipientId) => ({
      recipientId,
      kind: 'input_requested' as const,
      title: `${asked.agentName} asks for your input on ${on.key}: ${on.title}`,
      summary: asked.question,
      task: on,
      questionId: asked.questionId,
    })),
  );
}

/** A task as its notifications name it. */
interface NotifiedTask {
  id: string;
  key: string;
  projectId: string;
  title: string;
  assigneeUserId: string | null;
  createdById: string | null;
}

/** A task assigned to a person (newly, by someone else) tells them. */
export async function notifyAssigned(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  previousAssigneeUserId: string | null,
  after: NotifiedTask,
): Promise<CreatedNotification[]> {
  if (!after.assigneeUserId || after.assigneeUserId === previousAssigneeUserId) return [];
  return notify(tx, context, now, [
    {
      recipientId: after.assigneeUserId,
      kind: 'assigned',
      title: `${context.actor.name} assigned you ${after.key}: ${after.title}`,
      summary: after.title,
      task: after,
    },
  ]);
}

/** A task a person created reaching a review or done column (moved there by someone else) tells them. */
export async function notifyStatusReached(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  from: { category: string },
  to: { category: string; name: string },
  after: NotifiedTask,
): Promise<CreatedNotification[]> {
  if (!after.createdById || from.category === to.category) return [];
  if (to.category !== 'review' && to.category !== 'done') return [];
  return notify(tx, context, now, [
    {
      recipientId: after.createdById,
      kind: to.category === 'review' ? 'task_review' : 'task_done',
      title: `${context.actor.name} moved ${after.key} to ${to.name}: ${after.title}`,
      summary: after.title,
      task: after,
    },
  ]);
}

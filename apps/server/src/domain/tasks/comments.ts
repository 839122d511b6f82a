import type {
  Comment,
  CommentDeletion,
  CreateComment,
  UpdateComment,
} from '@switchboard/api-client/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, task, taskComment } from '../../db/schema';
import type { ActingContext } from '../actor';
import { madeAt, type RecordChange, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { notifyMentions } from '../people/mentions';
import { type CreatedNotification, mailAfterCommit } from '../people/notifications';
import type { DomainServices } from '../services';
import { versionConflict } from '../versioning';
import { findTask } from './views';

type CommentRow = typeof taskComment.$inferSelect;

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    taskId: row.taskId,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    body: row.body,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** A task's conversation ("task chat"), oldest first. */
export async function listComments(
  db: Database,
  context: ActingContext,
  reference: string,
): Promise<Comment[]> {
  const { task } = await findTask(db, context, reference);
  const rows = await db
    .select()
    .from(taskComment)
    .where(eq(taskComment.taskId, task.id))
    .orderBy(asc(taskComment.createdAt), asc(taskComment.id));
  return rows.map(toComment);
}

/** Posts a comment on a task as whoever acts and records it; questions and answers reach the thread this way too. */
export async function postComment(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  on: { id: string; key: string; projectId: string },
  body: string,
  summary: string,
) {
  const [row] = await tx
    .insert(taskComment)
    .values({
      id: crypto.randomUUID(),
      taskId: on.id,
      authorType: context.actor.type,
      authorId: context.actor.id,
      authorName: context.actor.name,
      body,
      ...madeAt(now),
    })
    .returning();
  if (!row) throw new Error('comment insert returned nothing');
  const comment = toComment(row);
  await record({
    projectId: on.projectId,
    action: 'comment.created',
    entity: 'comment',
    entityId: row.id,
    summary,
    data: { taskId: on.id, taskKey: on.key, comment },
  });
  return comment;
}

/**
 * The author is whoever acts: the signed-in person, or the agent an API key speaks for. Members it
 * mentions are notified in the same transaction.
 */
export async function createComment(
  services: DomainServices,
  context: ActingContext,
  reference: string,
  input: CreateComment,
): Promise<Comment> {
  const notified: CreatedNotification[] = [];
  const comment = await runChange(services, context, async (tx, record, now) => {
    const { task } = await findTask(tx, context, reference);
    const comment = await postComment(tx, record, now, context, task, input.body, `commented on ${task.key}`);
    notified.push(...(await notifyMentions(tx, context, now, { id: comment.id, body: comment.body, task })));
    return comment;
  });
  mailAfterCommit(services, notified);
  return comment;
}

/**
 * A comment of the caller's organization, locked for a change by its author. Another organization's
 * comment is not found; someone else's is forbidden, and an agent's comment stays as the agent wrote it.
 */
async function ownComment(tx: Transaction, context: ActingContext, commentId: string) {
  const [found] = await tx
    .select({ comment: taskComment, task })
    .from(taskComment)
    .innerJoin(task, eq(task.id, taskComment.taskId))
    .innerJoin(project, eq(project.id, task.projectId))
    .where(and(eq(taskComment.id, commentId), eq(project.organizationId, context.organizationId)))
    .for('update', { of: taskComment })
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', `There is no comment ${commentId} in this organization.`);
  const { comment } = found;
  const isAuthor =
    comment.authorType === 'user' && context.actor.type === 'user' && comment.authorId === context.actor.id;
  if (!isAuthor) {
    throw new AppError(
      'FORBIDDEN',
      comment.authorType === 'agent'
        ? 'An agent’s comment stays as the agent wrote it.'
        : 'Only the person who wrote a comment can change or delete it.',
    );
  }
  return found;
}

/** The author rewrites their comment; people it now mentions for the first time are notified. */
export async function updateComment(
  services: DomainServices,
  context: ActingContext,
  commentId: string,
  input: UpdateComment,
): Promise<Comment> {
  const notified: CreatedNotification[] = [];
  const comment = await runChange(services, context, async (tx, record, now) => {
    const found = await ownComment(tx, context, commentId);
    if (input.version !== undefined && input.version !== found.comment.version) {
      throw versionConflict('comment', found.comment.version);
    }
    const [row] = await tx
      .update(taskComment)
      .set({
        body: input.body,
        editedAt: now,
        updatedAt: now,
        version: sql`${taskComment.version} + 1`,
      })
      .where(eq(taskComment.id, commentId))
      .returning();
    if (!row) throw new Error('comment update returned nothing');
    const comment = toComment(row);
    notified.push(
      ...(await notifyMentions(tx, context, now, { id: row.id, body: row.body, task: found.task })),
    );
    await record({
      projectId: found.task.projectId,
      action: 'comment.updated',
      entity: 'comment',
      entityId: row.id,
      summary: `edited a comment on ${found.task.key}`,
      data: { taskId: found.task.id, taskKey: found.task.key, comment },
    });
    return comment;
  });
  mailAfterCommit(services, notified);
  return comment;
}

/**
 * The author deletes their comment. The activity log keeps that it happened (not the words), and the
 * mentions it made leave the inbox with it.
 */
export async function deleteComment(
  services: DomainServices,
  context: ActingContext,
  commentId: string,
  options: { version?: number } = {},
): Promise<CommentDeletion> {
  return runChange(services, context, async (tx, record) => {
    const found = await ownComment(tx, context, commentId);
    if (options.version !== undefined && options.version !== found.comment.version) {
      throw versionConflict('comment', found.comment.version);
    }
    await tx.delete(taskComment).where(eq(taskComment.id, commentId));
    await record({
      projectId: found.task.projectId,
      action: 'comment.deleted',
      entity: 'comment',
      entityId: commentId,
      summary: `deleted a comment on ${found.task.key}`,
      data: { taskId: found.task.id, taskKey: found.task.key },
    });
    return { id: commentId, taskId: found.task.id, taskKey: found.task.key };
  });
}

import type { Comment, CreateComment } from '@switchboard/api-client/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { taskComment } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { ActingContext } from './actor';
import { runChange } from './changes';
import { findTask } from './task-views';

type CommentRow = typeof taskComment.$inferSelect;

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    taskId: row.taskId,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

/** The author is whoever acts: the signed-in person, or the agent an API key speaks for. */
export async function createComment(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  reference: string,
  input: CreateComment,
): Promise<Comment> {
  return runChange(db, bus, context, async (tx, record) => {
    const { task } = await findTask(tx, context, reference);
    const [row] = await tx
      .insert(taskComment)
      .values({
        id: crypto.randomUUID(),
        taskId: task.id,
        authorType: context.actor.type,
        authorId: context.actor.id,
        authorName: context.actor.name,
        body: input.body,
      })
      .returning();
    if (!row) throw new Error('comment insert returned nothing');
    const comment = toComment(row);
    await record({
      projectId: task.projectId,
      action: 'comment.created',
      entity: 'comment',
      entityId: row.id,
      summary: `commented on ${task.key}`,
      data: { taskId: task.id, taskKey: task.key, comment },
    });
    return comment;
  });
}

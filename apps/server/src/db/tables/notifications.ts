import { ACTOR_TYPES, NOTIFICATION_KINDS } from '@switchboard/api-client/contract';
import { user } from '@switchboard/auth/schema';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy } from './columns';
import { plan } from './plans';
import { project } from './projects';
import { question } from './questions';
import { task, taskComment } from './work';

/**
 * One person's inbox entry: something happened that asks for their attention. Private to its
 * recipient; it never travels on the organization's event stream.
 */
export const notification = pgTable(
  'notification',
  {
    ...organizationOwned(),
    recipientId: ownedBy('recipient_id', () => user.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    projectId: text('project_id').references(() => project.id, { onDelete: 'cascade' }),
    taskId: text('task_id').references(() => task.id, { onDelete: 'cascade' }),
    questionId: text('question_id').references(() => question.id, { onDelete: 'cascade' }),
    // A deleted comment takes its mentions with it: the inbox must not keep words their author withdrew.
    commentId: text('comment_id').references(() => taskComment.id, { onDelete: 'cascade' }),
    /** The plan a message mentioned the person in; its deletion takes the entry with it. */
    planId: text('plan_id').references(() => plan.id, { onDelete: 'cascade' }),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorName: text('actor_name').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The inbox: one person's entries in one organization, newest first.
    index('notification_recipient_created_idx').on(
      table.recipientId,
      table.organizationId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // The unread badge counts only what is still unread.
    index('notification_recipient_unread_idx')
      .on(table.recipientId, table.organizationId)
      .where(sql`${table.readAt} is null`),
    // A comment mentions a person once, however often it is edited.
    uniqueIndex('notification_comment_recipient_kind_idx').on(table.commentId, table.recipientId, table.kind),
    // Deleting a task, a plan, a question or a project cascades to its entries; without these, each
    // delete scans every inbox.
    index('notification_task_idx').on(table.taskId),
    index('notification_plan_idx').on(table.planId),
    index('notification_question_idx').on(table.questionId),
    index('notification_project_idx').on(table.projectId),
  ],
);

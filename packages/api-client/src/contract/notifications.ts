import * as z from 'zod';
import { actorSchema } from './activity';
import { idSchema, pageSchema, timestampSchema } from './common';

export const NOTIFICATION_KINDS = [
  'input_requested',
  'mentioned',
  'assigned',
  'task_review',
  'task_done',
] as const;
export const notificationKindSchema = z
  .enum(NOTIFICATION_KINDS)
  .describe(
    'input_requested: an agent asks you something; mentioned: @you in a comment or in a plan conversation; assigned: a task is yours; task_review / task_done: a task you created reached review / done',
  );
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** One entry of the caller's inbox. Only its recipient can read it. */
export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  actor: actorSchema.pick({ type: true, name: true }).describe('Who caused it'),
  title: z.string(),
  summary: z.string().describe('The words it is about: the question, the comment, the task title'),
  projectId: idSchema.nullable(),
  taskId: idSchema.nullable(),
  taskKey: z.string().nullable(),
  questionId: idSchema.nullable(),
  /** An agent's question still waiting for a person: the inbox offers to answer it. */
  questionOpen: z.boolean(),
  commentId: idSchema.nullable(),
  planId: idSchema.nullable().optional().describe('The plan whose conversation mentioned you'),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const listNotificationsQuerySchema = z.strictObject({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only what you have not read'),
  cursor: z
    .string()
    .regex(/^[\w.:-]{1,200}$/, 'must be a cursor from a previous page')
    .optional()
    .describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllSchema = z.object({
  marked: z.number().int().min(0).describe('Entries newly marked read'),
});

import * as z from 'zod';
import { actorTypeSchema } from './activity';
import {
  dateSchema,
  devInfoSchema,
  idSchema,
  limitSchema,
  pageSchema,
  prioritySchema,
  queryVersionSchema,
  timestampSchema,
  versionSchema,
} from './common';
import { developmentSchema } from './development';
import { findingCountsSchema } from './finding-counts';
import { labelIdsSchema, taskLabelSchema } from './labels';

export const taskKeySchema = z.string().regex(/^[A-Z]{2,6}-\d+$/, 'must look like SWB-12');

/**
 * The points a task may be estimated at. A short, widening scale keeps estimates coarse: the gap between
 * two neighbours grows with the size, as the uncertainty does.
 */
export const ESTIMATE_POINTS = [0, 1, 2, 3, 5, 8, 13] as const;
export type EstimatePoints = (typeof ESTIMATE_POINTS)[number];

export const estimateSchema = z.literal(ESTIMATE_POINTS, {
  error: `must be one of ${ESTIMATE_POINTS.join(', ')} points`,
});

/** The earliest due date a task takes; earlier is a typing slip (and year 0 is no date to PostgreSQL). */
export const EARLIEST_DUE_DATE = '1900-01-01';

export const dueDateSchema = z.iso
  .date({ error: 'must be a calendar date like 2026-12-03' })
  .refine((date) => date >= EARLIEST_DUE_DATE, `must be on or after ${EARLIEST_DUE_DATE}`)
  .describe('YYYY-MM-DD');

export const acceptanceCriterionSchema = z.strictObject({
  text: z.string().trim().min(1, 'is required').max(1000),
  checked: z.boolean().default(false),
});
export type AcceptanceCriterion = z.infer<typeof acceptanceCriterionSchema>;

export const taskClaimSchema = z.object({
  by: z.string().describe('The agent session that last took or used the claim'),
  agentName: z
    .string()
    .optional()
    .describe('The agent holding the claim: any of its sessions may continue the task'),
  expiresAt: timestampSchema,
});

export const taskUsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number(),
});

/** A member of the organization a task is assigned to, as cards and pickers show them. */
export const assigneeUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  image: z.string().nullable().optional(),
});
export type AssigneeUser = z.infer<typeof assigneeUserSchema>;

export const taskSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  workUnitId: idSchema.nullable(),
  number: z.number().int(),
  key: z.string().describe('KEY-n'),
  title: z.string(),
  description: z.string().describe('Markdown'),
  assignee: z.string().nullable().describe('Agent profile name'),
  // Optional so clients and fixtures written before people could be assignees still read; always sent.
  assigneeUser: assigneeUserSchema
    .nullable()
    .optional()
    .describe('The member assigned the task; a task has either this or an agent assignee, never both'),
  createdById: z.string().nullable().optional().describe('The person who created the task; null for agents'),
  acceptanceCriteria: z.array(z.object({ text: z.string(), checked: z.boolean() })),
  statusId: idSchema,
  position: z.number(),
  priority: prioritySchema,
  // Optional so clients and fixtures written before due dates and estimates still read; always sent.
  dueDate: dateSchema
    .nullable()
    .optional()
    .describe('The calendar day it is due (YYYY-MM-DD, no time); null = none'),
  estimate: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(`Points, one of ${ESTIMATE_POINTS.join(', ')}; null = none`),
  blockedBy: z.array(idSchema).describe('Ids of tasks that must be done first'),
  claim: taskClaimSchema.nullable(),
  usage: taskUsageSchema,
  devInfo: devInfoSchema,
  // Optional so clients and fixtures written before architecture reviews still read and build tasks.
  openFindings: findingCountsSchema.optional().describe('Open architecture review findings by severity'),
  // Optional so clients and fixtures written before labels still read and build tasks; always sent.
  labels: z.array(taskLabelSchema).optional().describe("The task's labels, by name"),
  needsReview: z
    .boolean()
    .optional()
    .describe('An agent finished it with open MEDIUM findings, so it waits in review for a person'),
  // Optional so clients and fixtures written before connected repositories still read; always sent.
  development: developmentSchema
    .optional()
    .describe('Branches and pull requests on connected GitHub repositories that name the task'),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

const assigneeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-_]*$/i, 'must be an agent name like backend-dev');

const workUnitRefSchema = idSchema.describe('Id or slug (SWB-WU-3) of a work unit of the same project');
const blockedBySchema = z
  .array(idSchema)
  .max(100)
  .describe('Ids or keys (SWB-3) of tasks of the same project that must be done first');
const positionSchema = z.number().finite().describe('Order in the column; fractional, omitted = the end');

/** The longest a task's texts may be, in characters: the schema and every editor read these. */
export const TASK_LIMITS = { title: 300, description: 100_000 } as const;

/** What may be set on a task, when it is created and afterwards. */
const editableTaskFields = z.object({
  title: z.string().trim().min(1, 'is required').max(TASK_LIMITS.title),
  description: z.string().max(TASK_LIMITS.description),
  workUnitId: workUnitRefSchema.nullable(),
  assignee: assigneeSchema.nullable(),
  assigneeUserId: idSchema
    .nullable()
    .describe("A member's user id; setting it clears the agent assignee, as setting assignee clears it"),
  acceptanceCriteria: z.array(acceptanceCriterionSchema).max(100),
  priority: prioritySchema,
  dueDate: dueDateSchema.nullable().describe('The calendar day it is due; null clears it'),
  estimate: estimateSchema.nullable().describe('Points; null clears it'),
  blockedBy: blockedBySchema,
  devInfo: devInfoSchema,
  labelIds: labelIdsSchema,
});
const optionalTaskFields = editableTaskFields.partial().shape;

export const createTaskSchema = z.strictObject({
  ...optionalTaskFields,
  title: editableTaskFields.shape.title,
  statusId: idSchema.optional().describe('Defaults to the first todo status'),
  position: positionSchema.optional(),
});
export type CreateTask = z.infer<typeof createTaskSchema>;

/** The status and position change only through a move, which the board orders. */
export const updateTaskSchema = z.strictObject({ version: versionSchema, ...optionalTaskFields });
export type UpdateTask = z.infer<typeof updateTaskSchema>;

export const moveTaskSchema = z.strictObject({
  version: versionSchema,
  statusId: idSchema.describe("A status of the task's project"),
  position: positionSchema.optional(),
});
export type MoveTask = z.infer<typeof moveTaskSchema>;

export const listTasksQuerySchema = z.strictObject({
  statusId: idSchema.optional(),
  assignee: z.string().max(64).optional().describe('Agent name, case-insensitive'),
  assigneeUserId: z.string().max(100).optional().describe("A member's user id, or me for the caller"),
  priority: prioritySchema.optional(),
  workUnitId: workUnitRefSchema.optional(),
  search: z.string().max(200).optional().describe('Case-insensitive match in key, title or description'),
  label: z
    .string()
    .max(2000)
    .optional()
    .describe('Label names (any case) or ids, comma-separated or repeated: tasks carrying all of them'),
  limit: limitSchema,
  cursor: z.string().max(500).optional().describe('nextCursor of the previous page'),
});
export type ListTasksQuery = z.infer<typeof listTasksQuerySchema>;

/** Tasks in board order (status, then position), a page at a time. */
export const taskPageSchema = pageSchema(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

/** POST /projects/{id}/next-task: the task claimed for the caller, or null when none is ready. */
export const nextTaskAnswerSchema = z.object({
  task: taskSchema.nullable(),
  resumed: z.boolean().describe('The caller already held it (work to resume) rather than taking fresh work'),
});
export type NextTaskAnswer = z.infer<typeof nextTaskAnswerSchema>;

/** POST /tasks/{task}/release: the task after, and whether the caller held a claim to give back. */
export const releaseTaskAnswerSchema = z.object({ task: taskSchema, released: z.boolean() });

export const deleteTaskQuerySchema = z.strictObject({
  version: queryVersionSchema,
});

/** What deleting a task did. */
export const taskDeletionSchema = z.object({
  id: idSchema,
  key: z.string(),
  unblocked: z.number().int().describe('Tasks that no longer wait for it'),
});
export type TaskDeletion = z.infer<typeof taskDeletionSchema>;

export const commentSchema = z.object({
  id: idSchema,
  taskId: idSchema,
  author: z.object({ type: actorTypeSchema, id: z.string().nullable(), name: z.string() }),
  body: z.string().describe('Markdown; `@handle` mentions a member (see the inbox docs)'),
  version: versionSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  editedAt: timestampSchema.nullable().describe('When its author last changed it; null if never'),
});
export type Comment = z.infer<typeof commentSchema>;

const commentBodySchema = z.string().trim().min(1, 'is required').max(50_000);

export const createCommentSchema = z.strictObject({
  body: commentBodySchema,
});
export type CreateComment = z.infer<typeof createCommentSchema>;

/** Only the person who wrote a comment may change it. */
export const updateCommentSchema = z.strictObject({
  body: commentBodySchema,
  version: versionSchema.optional(),
});
export type UpdateComment = z.infer<typeof updateCommentSchema>;

export const deleteCommentQuerySchema = z.strictObject({
  version: queryVersionSchema,
});

/** What deleting a comment removed, so a thread can drop it. */
export const commentDeletionSchema = z.object({ id: idSchema, taskId: idSchema, taskKey: z.string() });
export type CommentDeletion = z.infer<typeof commentDeletionSchema>;

import * as z from 'zod';
import { idSchema, timestampSchema, versionSchema } from './common';
import { labelColorSchema } from './labels';

export const projectKeySchema = z
  .string()
  .regex(/^[A-Z]{2,6}$/, 'must be 2–6 capital letters, e.g. SWB')
  .describe('Prefix of task keys (SWB-12) and work-unit slugs (SWB-WU-3); unique in the organization');

export const projectSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  key: projectKeySchema,
  name: z.string(),
  description: z.string(),
  ruleSet: z
    .string()
    .nullable()
    .optional()
    .describe("The architecture rule set its agents' changes are reviewed against, by name"),
  template: z
    .string()
    .nullable()
    .optional()
    .describe('The scaffolding template its agents use when they name none, by name'),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;

export const projectCountsSchema = z.object({
  tasks: z.number().int(),
  openTasks: z.number().int(),
  workUnits: z.number().int(),
});

export const projectWithCountsSchema = projectSchema.extend({ counts: projectCountsSchema });
export type ProjectWithCounts = z.infer<typeof projectWithCountsSchema>;

export const createProjectSchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(120),
  key: projectKeySchema,
  description: z.string().max(10_000).optional(),
});
export type CreateProject = z.infer<typeof createProjectSchema>;

export const updateProjectSchema = z.strictObject({
  version: versionSchema,
  name: z.string().trim().min(1, 'is required').max(120).optional(),
  description: z.string().max(10_000).optional(),
  ruleSet: z
    .string()
    .min(1)
    .max(64)
    .nullable()
    .optional()
    .describe('Name of an architecture rule set of the organization; null for none'),
  template: z
    .string()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe('Name of a scaffolding template of the organization; null for none'),
});
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const STATUS_CATEGORIES = ['todo', 'in_progress', 'review', 'done'] as const;
export const statusCategorySchema = z.enum(STATUS_CATEGORIES);
export type StatusCategory = z.infer<typeof statusCategorySchema>;

export const taskStatusSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  name: z.string(),
  category: statusCategorySchema,
  color: z.string().describe('#rrggbb, the colour of its board column'),
  position: z.number().int().describe('Its place among the columns, from 0'),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** How many statuses one project may have: enough for any workflow, few enough to fit a board. */
export const STATUSES_PER_PROJECT = 20;

export const statusNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(30, 'must be at most 30 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')
  .describe('Unique in the project, whatever its case; agents move tasks by it');

const statusPositionSchema = z
  .number()
  .int()
  .min(0)
  .describe('Its place among the columns, from 0; past the end means last');

export const createTaskStatusSchema = z.strictObject({
  name: statusNameSchema,
  category: statusCategorySchema.describe(
    'What the status means to agents and the review gate: todo, in_progress, review or done',
  ),
  color: labelColorSchema.default('#8b8d98'),
  position: statusPositionSchema.optional().describe('Its place among the columns; omitted = last'),
});
export type CreateTaskStatus = z.input<typeof createTaskStatusSchema>;

export const updateTaskStatusSchema = z.strictObject({
  name: statusNameSchema.optional(),
  category: statusCategorySchema.optional(),
  color: labelColorSchema.optional(),
  position: statusPositionSchema.optional(),
});
export type UpdateTaskStatus = z.input<typeof updateTaskStatusSchema>;

export const deleteTaskStatusQuerySchema = z.strictObject({
  moveTo: idSchema
    .optional()
    .describe("Another status of the project to move this one's tasks to; required when it has tasks"),
});

/** What deleting a status did. */
export const taskStatusDeletionSchema = z.object({
  deleted: z.object({ id: idSchema, name: z.string() }),
  movedTasks: z.number().int().describe('How many tasks went to `moveTo`'),
  movedTo: idSchema.nullable(),
});
export type TaskStatusDeletion = z.infer<typeof taskStatusDeletionSchema>;

/** How much a project holds; deleting it takes all of this with it. */
export const projectContentsSchema = z.object({
  workUnits: z.number().int(),
  tasks: z.number().int(),
});
export type ProjectContents = z.infer<typeof projectContentsSchema>;

/** GET /projects/{projectId}: the project and how much it holds, shown before a delete is confirmed. */
export const projectDetailSchema = projectSchema.extend({ contents: projectContentsSchema });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** What deleting a project takes with it; the client shows this before asking for confirmation. */
export const deleteProjectQuerySchema = z.strictObject({
  confirm: z
    .literal('true')
    .optional()
    .describe("Must be 'true': deleting removes every work unit, task and comment"),
});

import * as z from 'zod';
import {
  dateSchema,
  devInfoSchema,
  idSchema,
  prioritySchema,
  queryVersionSchema,
  timestampSchema,
  versionSchema,
} from './common';
import { taskSchema } from './tasks';

export const WORK_UNIT_TYPES = ['epic', 'feature', 'initiative'] as const;
export const workUnitTypeSchema = z.enum(WORK_UNIT_TYPES);
export const WORK_UNIT_STATUSES = ['planning', 'in_progress', 'blocked', 'completed', 'cancelled'] as const;
export const workUnitStatusSchema = z.enum(WORK_UNIT_STATUSES);
export type WorkUnitStatus = z.infer<typeof workUnitStatusSchema>;

export const workUnitProgressSchema = z.object({
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  percentage: z.number().int().min(0).max(100),
  currentTask: z.object({ id: idSchema, key: z.string(), title: z.string() }).nullable(),
});
export type WorkUnitProgress = z.infer<typeof workUnitProgressSchema>;

export const workUnitSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  number: z.number().int(),
  slug: z.string().describe('KEY-WU-n'),
  title: z.string(),
  description: z.string(),
  type: workUnitTypeSchema,
  priority: prioritySchema,
  status: workUnitStatusSchema,
  parentWorkUnitId: idSchema.nullable(),
  ownerId: idSchema.nullable(),
  estimatedEffort: z.number().nullable().describe('Hours'),
  startDate: dateSchema.nullable(),
  targetDate: dateSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  devInfo: devInfoSchema.describe('Stored details, plus the derived progress under devInfo.progress'),
  progress: workUnitProgressSchema.describe('Derived from the tasks; never stored by hand'),
  taskCount: z.number().int(),
  /** Nesting depth from the top (0); at most 2 levels is advised. */
  depth: z.number().int(),
  /** Sizing advice (too deep, too many tasks), flagged not enforced. */
  warnings: z.array(z.string()),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type WorkUnit = z.infer<typeof workUnitSchema>;

const workUnitFields = {
  title: z.string().trim().min(1, 'is required').max(200),
  description: z.string().max(50_000),
  type: workUnitTypeSchema,
  priority: prioritySchema,
  parentWorkUnitId: idSchema.nullable().describe('Id or slug (SWB-WU-1) of a work unit of the same project'),
  ownerId: idSchema.nullable().describe('User id of a member of the organization'),
  estimatedEffort: z.number().min(0).max(100_000).nullable(),
  startDate: dateSchema.nullable(),
  targetDate: dateSchema.nullable(),
  devInfo: devInfoSchema,
};

/** A unit may start and end on the same day, never end before it starts. */
export const TARGET_BEFORE_START_MESSAGE = 'must not be before the start date';

/** Whether both dates are set and the target comes first (ISO dates compare as text). */
export function targetBeforeStart(
  startDate: string | null | undefined,
  targetDate: string | null | undefined,
) {
  return Boolean(startDate && targetDate && targetDate < startDate);
}

const optionalWorkUnitFields = z.object(workUnitFields).partial().shape;

export const createWorkUnitSchema = z.strictObject({
  ...optionalWorkUnitFields,
  title: workUnitFields.title,
  status: z
    .enum(['planning', 'in_progress', 'blocked'])
    .optional()
    .describe('Defaults to planning; a new unit has no tasks to complete yet'),
});
export type CreateWorkUnit = z.infer<typeof createWorkUnitSchema>;

export const updateWorkUnitSchema = z.strictObject({
  version: versionSchema,
  ...optionalWorkUnitFields,
  status: workUnitStatusSchema.optional(),
});
export type UpdateWorkUnit = z.infer<typeof updateWorkUnitSchema>;

/**
 * The legal status changes (documented in content/docs/features/work-units.mdx). Completed and
 * cancelled can be reopened to planning or in_progress; completed also needs every task done and
 * every acceptance criterion checked.
 */
export const WORK_UNIT_TRANSITIONS: Record<WorkUnitStatus, readonly WorkUnitStatus[]> = {
  planning: ['in_progress', 'blocked', 'cancelled'],
  in_progress: ['planning', 'blocked', 'completed', 'cancelled'],
  blocked: ['planning', 'in_progress', 'cancelled'],
  completed: ['in_progress', 'planning'],
  cancelled: ['planning', 'in_progress'],
};

export const listWorkUnitsQuerySchema = z.strictObject({
  status: workUnitStatusSchema.optional(),
  type: workUnitTypeSchema.optional(),
});
export type ListWorkUnitsQuery = z.infer<typeof listWorkUnitsQuerySchema>;

/** GET /work-units/:idOrSlug: the unit with its tasks in board order. */
export const workUnitDetailSchema = workUnitSchema.extend({ tasks: z.array(taskSchema) });
export type WorkUnitDetail = z.infer<typeof workUnitDetailSchema>;

export const deleteWorkUnitQuerySchema = z.strictObject({
  confirm: z
    .literal('true')
    .optional()
    .describe("Must be 'true': the unit's tasks are detached and its child units move up to its parent"),
  version: queryVersionSchema,
});

/** What deleting a work unit did, or (in a 422 CONFIRMATION_REQUIRED's details) would do. */
export const workUnitDeletionSchema = z.object({
  id: idSchema,
  slug: z.string(),
  detachedTasks: z.number().int().describe('Tasks left on the board without a work unit'),
  reparentedWorkUnits: z.number().int().describe("Child units moved up to the deleted unit's parent"),
  newParentWorkUnitId: idSchema.nullable().describe('Where the child units went (null = top level)'),
});
export type WorkUnitDeletion = z.infer<typeof workUnitDeletionSchema>;

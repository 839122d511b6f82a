import * as z from 'zod';
import { idSchema, timestampSchema, versionSchema } from './common';

export const projectKeySchema = z
  .string()
  .regex(/^[A-Z]{2,6}$/, 'must be 2–6 capital letters, e.g. SWB')
  .describe('Prefix of task keys (SWB-12) and work-unit slugs (SWB-WU-3); unique in the organisation');

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
    .describe('Name of an architecture rule set of the organisation; null for none'),
  template: z
    .string()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe('Name of a scaffolding template of the organisation; null for none'),
});
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const statusCategorySchema = z.enum(['todo', 'in_progress', 'review', 'done']);
export type StatusCategory = z.infer<typeof statusCategorySchema>;

export const taskStatusSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  name: z.string(),
  category: statusCategorySchema,
  position: z.number().int(),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

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

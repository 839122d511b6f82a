import * as z from 'zod';
import { idSchema } from './common';
import { labelIdsSchema } from './labels';
import { taskDeletionSchema, taskSchema, updateTaskSchema } from './tasks';

/** The most tasks one bulk change may name: a long board's selection, small enough for one transaction. */
export const BULK_TASK_LIMIT = 200;

export const bulkTaskActionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('move'),
    statusId: idSchema.describe('A status of the project; each task goes to the end of its column'),
  }),
  z
    .strictObject({
      type: z.literal('assign'),
      assignee: updateTaskSchema.shape.assignee.describe('Agent profile name; null unassigns'),
      assigneeUserId: updateTaskSchema.shape.assigneeUserId.describe("A member's user id; null unassigns"),
    })
    .refine((action) => action.assignee !== undefined || action.assigneeUserId !== undefined, {
      message: 'name an agent (assignee) or a person (assigneeUserId), or null to unassign',
      path: ['assignee'],
    }),
  z
    .strictObject({
      type: z.literal('label'),
      add: labelIdsSchema.optional().describe('Label ids each task gets (it keeps its others)'),
      remove: labelIdsSchema.optional().describe('Label ids each task loses'),
    })
    .refine((action) => (action.add?.length ?? 0) + (action.remove?.length ?? 0) > 0, {
      message: 'name labels to add or to remove',
      path: ['add'],
    }),
  z.strictObject({ type: z.literal('delete') }),
]);
export type BulkTaskAction = z.infer<typeof bulkTaskActionSchema>;

export const bulkTasksSchema = z.strictObject({
  taskIds: z
    .array(idSchema)
    .min(1, 'name at least one task')
    .max(BULK_TASK_LIMIT, `name at most ${BULK_TASK_LIMIT} tasks`)
    .describe('Ids or keys (SWB-3) of tasks of this project'),
  action: bulkTaskActionSchema,
});
export type BulkTasks = z.infer<typeof bulkTasksSchema>;

export const bulkTasksResultSchema = z.object({
  items: z
    .array(taskSchema)
    .describe('The named tasks after the change, in the order named (none on delete)'),
  deleted: z.array(taskDeletionSchema).describe('What each deletion did (only on delete)'),
  changed: z.number().int().describe('How many tasks changed; the others already were as asked'),
});
export type BulkTasksResult = z.infer<typeof bulkTasksResultSchema>;

/** One task a bulk change refused, in the `details.refused` of its error answer. */
export const bulkRefusalSchema = z.object({
  task: z.string().describe('The id or key as named'),
  key: z.string().optional().describe('The task key, when the task was found'),
  code: z.string().describe('The error code a single change of this task answers'),
  message: z.string(),
});
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

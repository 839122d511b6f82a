import * as z from 'zod';
import { idSchema } from './common';
import { statusCategorySchema } from './projects';
import { questionSchema } from './questions';
import { taskSchema } from './tasks';

export const MY_WORK_REASONS = ['assigned', 'agent'] as const;

/** A task on someone's My work page, with what a list grouped by project and status needs. */
export const myWorkTaskSchema = z.object({
  task: taskSchema,
  project: z.object({ id: idSchema, key: z.string(), name: z.string() }),
  status: z.object({ id: idSchema, name: z.string(), category: statusCategorySchema }),
  reason: z
    .enum(MY_WORK_REASONS)
    .describe('assigned: assigned to you; agent: assigned to an agent profile one of your keys ran'),
});
export type MyWorkTask = z.infer<typeof myWorkTaskSchema>;

/** What waits for the caller in the active organization. */
export const myWorkSchema = z.object({
  tasks: z
    .array(myWorkTaskSchema)
    .describe('Unfinished tasks assigned to you or to your agents, by project, then board order'),
  waiting: z
    .array(questionSchema)
    .describe('Unanswered agent questions on those tasks or asked by your agents, oldest first'),
  agents: z
    .array(z.string())
    .describe('Agent profiles your API keys or sessions ran in the last 30 days, by name'),
});
export type MyWork = z.infer<typeof myWorkSchema>;

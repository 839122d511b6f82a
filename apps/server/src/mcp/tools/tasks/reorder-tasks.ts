import { mcpProjectArgument, mcpTaskArgument, mcpTaskSummarySchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { reorderTasks } from '../../../domain/tasks/reorder';
import { projectSentence } from '../../describe';
import { findStatusRef } from '../../lookup';
import { statusParameter } from '../../parameters';
import { summarizeTasks } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';

export function registerReorderTasks(kit: ToolKit): void {
  const { facts } = kit;
  const project = projectSentence(facts);

  defineTool(
    kit,
    {
      name: 'reorder-tasks',
      title: 'Reorder tasks',
      description: `Puts the listed tasks at the top of one status column, in this order (tasks from other columns move into it, under move-task's rules); the column's other tasks keep their order below. ${project}`,
      input: z.strictObject({
        project: mcpProjectArgument.optional(),
        status: statusParameter(facts, 'Column'),
        tasks: z.array(mcpTaskArgument).min(1).max(500),
      }),
      output: z.object({
        status: z.string(),
        items: z.array(mcpTaskSummarySchema),
        redirected: z.array(z.object({ key: z.string(), reason: z.string() })).optional(),
      }),
    },
    async ({ project: reference, status, tasks: references }, call) => {
      const ref = await call.project(reference);
      const target = findStatusRef(await call.statuses(ref.id), status);
      const reordered = await reorderTasks(call.services, call.caller.acting, ref.id, target.id, references);
      return {
        status: target.name,
        items: await summarizeTasks(call, reordered.items),
        ...(reordered.redirected.length ? { redirected: reordered.redirected } : {}),
      };
    },
  );
}

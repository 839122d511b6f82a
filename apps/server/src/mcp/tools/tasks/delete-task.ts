import { mcpTaskArgument, taskDeletionSchema, versionSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { deleteTask } from '../../../domain/tasks/tasks';
import { defineTool, type ToolKit } from '../../tooling';

export function registerDeleteTask(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'delete-task',
      title: 'Delete task',
      description: 'Deletes a task and its comments; tasks that waited for it stop waiting.',
      input: z.strictObject({
        task: mcpTaskArgument,
        version: versionSchema.optional().describe('When given, a stale version is refused'),
      }),
      output: z.object({ deleted: taskDeletionSchema }),
      destructive: true,
    },
    async ({ task, version }, call) => deleteTask(call.services, call.caller.acting, task, { version }),
  );
}

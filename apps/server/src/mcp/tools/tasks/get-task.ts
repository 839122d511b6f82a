import { mcpTaskArgument, mcpTaskSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { completeTasks } from '../../../domain/people/assignee-people';
import { findTask, toTask } from '../../../domain/tasks/views';
import { taskView } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';

export function registerGetTask(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-task',
      title: 'Get task',
      description:
        'The whole task: description, criteria, status, blockers, claim, usage, devInfo, its branches and PRs.',
      input: z.strictObject({ task: mcpTaskArgument }),
      output: mcpTaskSchema,
      core: true,
      readOnly: true,
    },
    async ({ task }, call) =>
      taskView(
        call,
        await completeTasks(
          call.services.db,
          call.caller.acting.organizationId,
          toTask(
            (await findTask(call.services.db, call.caller.acting, task)).task,
            call.services.clock.now(),
          ),
        ),
      ),
  );
}

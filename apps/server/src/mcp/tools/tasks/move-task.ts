import { mcpMoveReceiptSchema, mcpTaskArgument } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { moveTask } from '../../../domain/tasks/move';
import { findTask } from '../../../domain/tasks/views';
import { findStatusRef } from '../../lookup';
import { statusParameter } from '../../parameters';
import { moveReceipt } from '../../task-answers';
import { defineTool, type ToolKit, withVersion } from '../../tooling';
import { versionArgument } from './arguments';

export function registerMoveTask(kit: ToolKit): void {
  const { facts } = kit;

  defineTool(
    kit,
    {
      name: 'move-task',
      title: 'Move task',
      description:
        'Moves a task to a status (board column), at the end unless position is given. Review or done hands it in, releasing your claim; open findings can refuse or redirect that.',
      input: z.strictObject({
        task: mcpTaskArgument,
        status: statusParameter(facts, 'Target status'),
        position: z.number().finite().optional().describe('Order in the column, fractional'),
        version: versionArgument,
      }),
      output: mcpMoveReceiptSchema,
      core: true,
    },
    async ({ task, status, position, version: explicit }, call) => {
      const moved = await withVersion(
        explicit,
        async () => (await findTask(call.services.db, call.caller.acting, task)).task,
        async (current, read) =>
          moveTask(call.services, call.caller.acting, current.id, {
            version: read,
            statusId: findStatusRef(await call.statuses(current.projectId), status).id,
            position,
          }),
      );
      return moveReceipt(call, moved);
    },
  );
}

import { mcpTaskSummarySchema, mcpWorkUnitArgument, workUnitSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { getWorkUnit } from '../../../domain/work-units/views';
import { summarizeTasks } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';
import { unitView } from './arguments';

export function registerGetWorkUnit(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-work-unit',
      title: 'Get work unit',
      description: 'A work unit by id or slug (SWB-WU-3), with its tasks in board order.',
      input: z.strictObject({ workUnit: mcpWorkUnitArgument }),
      output: workUnitSchema.extend({ tasks: z.array(mcpTaskSummarySchema) }),
      readOnly: true,
    },
    async ({ workUnit }, call) => {
      const unit = await getWorkUnit(
        call.services.db,
        call.caller.acting,
        workUnit,
        call.services.clock.now(),
      );
      return { ...unitView(unit), tasks: await summarizeTasks(call, unit.tasks) };
    },
  );
}

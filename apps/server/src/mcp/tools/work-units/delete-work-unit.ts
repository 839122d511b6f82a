import { mcpWorkUnitArgument, versionSchema, workUnitDeletionSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { deleteWorkUnit } from '../../../domain/work-units/deletion';
import { defineTool, type ToolKit } from '../../tooling';

export function registerDeleteWorkUnit(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'delete-work-unit',
      title: 'Delete work unit',
      description:
        'Deletes a work unit: its tasks stay on the board without a unit and its child units move up to its parent. Without confirm: true it only says what would happen.',
      input: z.strictObject({
        workUnit: mcpWorkUnitArgument,
        confirm: z.boolean().optional().describe('true to delete; otherwise nothing changes'),
        version: versionSchema.optional(),
      }),
      output: z.object({ deleted: workUnitDeletionSchema }),
      destructive: true,
    },
    async ({ workUnit, confirm, version }, call) =>
      deleteWorkUnit(call.services, call.caller.acting, workUnit, {
        confirmed: confirm === true,
        version,
      }),
  );
}

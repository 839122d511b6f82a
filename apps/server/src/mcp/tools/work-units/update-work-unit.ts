import {
  mcpWorkUnitArgument,
  updateWorkUnitSchema,
  versionSchema,
  workUnitSchema,
} from '@switchboard/api-client/contract';
import { findWorkUnit } from '../../../domain/work-units/views';
import { updateWorkUnit } from '../../../domain/work-units/work-units';
import { defineTool, type ToolKit, withVersion } from '../../tooling';
import { referenceFields, unitFieldsOf, unitReferences, unitView } from './arguments';

export function registerUpdateWorkUnit(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'update-work-unit',
      title: 'Update work unit',
      description:
        'Changes the given fields of a work unit. Status changes follow the transition table (completed needs every task done and every criterion checked). version: the one you read; omitted = the current one.',
      input: updateWorkUnitSchema.omit(referenceFields).extend({
        ...unitReferences,
        workUnit: mcpWorkUnitArgument,
        version: versionSchema.optional(),
      }),
      output: workUnitSchema,
      idempotent: true,
    },
    async ({ workUnit, version, parentWorkUnit, owner, ...changes }, call) => {
      const fields = { ...changes, ...(await unitFieldsOf(call, { parentWorkUnit, owner })) };
      return unitView(
        await withVersion(
          version,
          async () => (await findWorkUnit(call.services.db, call.caller.acting, workUnit)).unit,
          (_unit, current) =>
            updateWorkUnit(call.services, call.caller.acting, workUnit, { ...fields, version: current }),
        ),
      );
    },
  );
}

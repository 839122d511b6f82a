import { listWorkUnitsQuerySchema, mcpProjectArgument } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { listWorkUnits } from '../../../domain/work-units/views';
import { projectSentence } from '../../describe';
import { defineTool, type ToolKit } from '../../tooling';
import { compactUnit, unitSummarySchema } from './arguments';

export function registerListWorkUnits(kit: ToolKit): void {
  const project = projectSentence(kit.facts);
  defineTool(
    kit,
    {
      name: 'list-work-units',
      title: 'List work units',
      description: `The project's work units (epics, features, initiatives) with derived progress, oldest first. ${project}`,
      input: listWorkUnitsQuerySchema.extend({ project: mcpProjectArgument.optional() }),
      output: z.object({ project: z.string(), items: z.array(unitSummarySchema) }),
      readOnly: true,
    },
    async ({ project: reference, ...query }, call) => {
      const ref = await call.project(reference);
      const units = await listWorkUnits(call.services.db, call.caller.acting, ref.id, query);
      return { project: ref.key, items: units.map(compactUnit) };
    },
  );
}

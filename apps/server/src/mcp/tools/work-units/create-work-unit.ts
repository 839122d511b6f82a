import { createWorkUnitSchema, mcpProjectArgument, workUnitSchema } from '@switchboard/api-client/contract';
import { createWorkUnit } from '../../../domain/work-units/work-units';
import { projectSentence } from '../../describe';
import { defineTool, type ToolKit } from '../../tooling';
import { referenceFields, unitFieldsOf, unitReferences, unitView } from './arguments';

export function registerCreateWorkUnit(kit: ToolKit): void {
  const project = projectSentence(kit.facts);
  defineTool(
    kit,
    {
      name: 'create-work-unit',
      title: 'Create work unit',
      description: `Creates a work unit (slug KEY-WU-n). Only title is required; type defaults to feature, status to planning. ${project}`,
      input: createWorkUnitSchema
        .omit(referenceFields)
        .extend({ ...unitReferences, project: mcpProjectArgument.optional() }),
      output: workUnitSchema,
    },
    async ({ project: reference, parentWorkUnit, owner, ...input }, call) => {
      const ref = await call.project(reference);
      const fields = { ...input, ...(await unitFieldsOf(call, { parentWorkUnit, owner })) };
      return unitView(await createWorkUnit(call.services, call.caller.acting, ref.id, fields));
    },
  );
}

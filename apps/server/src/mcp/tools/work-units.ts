import {
  createWorkUnitSchema,
  listWorkUnitsQuerySchema,
  mcpProjectArgument,
  mcpTaskSummarySchema,
  mcpWorkUnitArgument,
  updateWorkUnitSchema,
  versionSchema,
  type WorkUnit,
  workUnitDeletionSchema,
  workUnitSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { memberIdByEmail } from '../../domain/people/assignees';
import { deleteWorkUnit } from '../../domain/work-units/deletion';
import { findWorkUnit, getWorkUnit, listWorkUnits } from '../../domain/work-units/views';
import { createWorkUnit, updateWorkUnit } from '../../domain/work-units/work-units';
import { projectSentence } from '../describe';
import { summarizeTasks } from '../task-answers';
import { defineTool, type ToolCall, type ToolKit, withVersion } from '../tooling';

const unitSummarySchema = workUnitSchema.pick({
  id: true,
  slug: true,
  title: true,
  type: true,
  status: true,
  priority: true,
  parentWorkUnitId: true,
  progress: true,
  targetDate: true,
  version: true,
});

function compactUnit(unit: WorkUnit) {
  return {
    id: unit.id,
    slug: unit.slug,
    title: unit.title,
    type: unit.type,
    status: unit.status,
    priority: unit.priority,
    parentWorkUnitId: unit.parentWorkUnitId,
    progress: unit.progress,
    targetDate: unit.targetDate,
    version: unit.version,
  };
}

/**
 * How the work-unit tools name a unit's parent and owner: `parentWorkUnit` like every other work-unit
 * reference (`workUnit`: id or slug), and `owner` like every other person an agent names (a member's
 * e-mail, as tasks' `assigneeUser`), since an agent never sees user ids.
 */
const unitReferences = {
  parentWorkUnit: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe('Parent work unit: id or slug (SWB-WU-1) of the same project; null = none'),
  owner: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .nullable()
    .optional()
    .describe('Member e-mail (or the ownerId a unit answers); null = no owner'),
};
const referenceFields = { parentWorkUnitId: true, ownerId: true } as const;

/**
 * The REST fields the names above stand for: the parent as given, the owner's user id. An owner
 * without an @ is the ownerId an answer carried, passed back; the domain checks it is a member.
 */
async function unitFieldsOf(
  call: ToolCall,
  { parentWorkUnit, owner }: { parentWorkUnit?: string | null; owner?: string | null },
) {
  return {
    ...(parentWorkUnit !== undefined && { parentWorkUnitId: parentWorkUnit }),
    ...(owner !== undefined && {
      ownerId:
        owner === null || !owner.includes('@')
          ? owner
          : await memberIdByEmail(call.services.db, call.caller.acting, owner, 'owner'),
    }),
  };
}

/** The unit without the duplicated derived progress under devInfo (it is in `progress`). */
function unitView<T extends WorkUnit>(unit: T) {
  const { progress: _derived, ...devInfo } = unit.devInfo;
  return { ...unit, devInfo };
}

/** work-units: list, get (tasks embedded), create, update, delete. */
export function registerWorkUnitTools(kit: ToolKit): void {
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

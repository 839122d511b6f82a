import { type WorkUnit, workUnitSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { memberIdByEmail } from '../../../domain/people/assignees';
import type { ToolCall } from '../../tooling';

/** A unit as lists show it: without its description, criteria and devInfo. */
export const unitSummarySchema = workUnitSchema.pick({
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

export function compactUnit(unit: WorkUnit) {
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
export const unitReferences = {
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
/** The REST fields the references above replace. */
export const referenceFields = { parentWorkUnitId: true, ownerId: true } as const;

/**
 * The REST fields the names above stand for: the parent as given, the owner's user id. An owner
 * without an @ is the ownerId an answer carried, passed back; the domain checks it is a member.
 */
export async function unitFieldsOf(
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
export function unitView<T extends WorkUnit>(unit: T) {
  const { progress: _derived, ...devInfo } = unit.devInfo;
  return { ...unit, devInfo };
}

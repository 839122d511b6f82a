import {
  createWorkUnitSchema,
  updateWorkUnitSchema,
  type WorkUnit,
  type WorkUnitStatus,
} from '@switchboard/api-client/contract';

/** A work unit's form as typed: every field a string or one of its fixed choices. */
export type WorkUnitFormValues = {
  title: string;
  description: string;
  type: WorkUnit['type'];
  priority: WorkUnit['priority'];
  status: WorkUnitStatus;
  parentWorkUnitId: string;
  ownerId: string;
  estimatedEffort: string;
  startDate: string;
  targetDate: string;
};

/** The fields typed as free text (the others are picked from fixed lists). */
export type WorkUnitTextField =
  | 'title'
  | 'description'
  | 'parentWorkUnitId'
  | 'ownerId'
  | 'estimatedEffort'
  | 'startDate'
  | 'targetDate';

/** The form as it opens: the unit's values, or a new unit's defaults under the chosen parent. */
export function initialForm(
  unit: WorkUnit | undefined,
  parentId: string | null | undefined,
): WorkUnitFormValues {
  return {
    title: unit?.title ?? '',
    description: unit?.description ?? '',
    type: unit?.type ?? 'feature',
    priority: unit?.priority ?? 'medium',
    status: unit?.status ?? 'planning',
    parentWorkUnitId: unit?.parentWorkUnitId ?? parentId ?? '',
    ownerId: unit?.ownerId ?? '',
    estimatedEffort:
      unit?.estimatedEffort === null || unit?.estimatedEffort === undefined
        ? ''
        : String(unit.estimatedEffort),
    startDate: unit?.startDate ?? '',
    targetDate: unit?.targetDate ?? '',
  };
}

/** The form as the API wants it: empty optional fields are null (edit) or left out (create). */
export function toInput(form: WorkUnitFormValues, unit: WorkUnit | undefined) {
  const effort = form.estimatedEffort.trim() === '' ? null : Number(form.estimatedEffort);
  const values = {
    title: form.title,
    description: form.description,
    type: form.type,
    priority: form.priority,
    status: form.status,
    parentWorkUnitId: form.parentWorkUnitId || null,
    ownerId: form.ownerId || null,
    estimatedEffort: effort,
    startDate: form.startDate || null,
    targetDate: form.targetDate || null,
  };
  if (!unit) {
    return createWorkUnitSchema.safeParse(
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '')),
    );
  }
  // Only what changed is sent, so two people editing different fields do not undo each other.
  const changed = Object.fromEntries(
    Object.entries(values).filter(([field, value]) => (unit as Record<string, unknown>)[field] !== value),
  );
  return updateWorkUnitSchema.safeParse({ version: unit.version, ...changed });
}

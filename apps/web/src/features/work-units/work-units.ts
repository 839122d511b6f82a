import type { TypedApi } from '@switchboard/api-client';
import {
  type CreateWorkUnit,
  type UpdateWorkUnit,
  WORK_UNIT_TRANSITIONS,
  type WorkUnit,
  type WorkUnitStatus,
  workUnitDeletionSchema,
} from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { plural } from '../../components/ui/format';
import { errorDetailsOf, retryUnlessClientError } from '../../lib/api';

/** Every work-unit query sits under `work-units`; a project's list, and one unit by id or slug. */
export const workUnitKeys = {
  all: ['work-units'] as const,
  lists: () => ['work-units', 'list'] as const,
  list: (projectId: string) => ['work-units', 'list', projectId] as const,
  details: () => ['work-units', 'detail'] as const,
  detail: (reference: string) => ['work-units', 'detail', reference] as const,
};

export async function fetchWorkUnits(
  api: TypedApi,
  projectId: string,
  signal?: AbortSignal,
): Promise<WorkUnit[]> {
  return (await api.workUnits.list({ projectId, signal })).items;
}

/** A project's work units with their derived progress and advice warnings. */
export const workUnitsQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: workUnitKeys.list(projectId),
    queryFn: ({ signal }) => fetchWorkUnits(api, projectId, signal),
    retry: retryUnlessClientError,
  });

export function createWorkUnit(api: TypedApi, projectId: string, input: CreateWorkUnit): Promise<WorkUnit> {
  return api.workUnits.create({ projectId, body: input });
}

export function updateWorkUnit(api: TypedApi, reference: string, input: UpdateWorkUnit): Promise<WorkUnit> {
  return api.workUnits.update({ workUnit: reference, body: input });
}

/** Without `confirm` the server answers 422 CONFIRMATION_REQUIRED saying what would happen. */
export function deleteWorkUnit(
  api: TypedApi,
  reference: string,
  options: { confirm: boolean; version?: number },
) {
  return api.workUnits.delete({
    workUnit: reference,
    query: { confirm: options.confirm ? 'true' : undefined, version: options.version },
  });
}

export const WORK_UNIT_STATUS_LABELS: Record<WorkUnitStatus, string> = {
  planning: 'Planning',
  in_progress: 'In progress',
  blocked: 'Blocked',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The statuses a unit may be given from `current`: itself, then the legal moves (the contract's table). */
export function statusChoices(current: WorkUnitStatus): WorkUnitStatus[] {
  return [current, ...WORK_UNIT_TRANSITIONS[current]];
}

export interface WorkUnitNode {
  unit: WorkUnit;
  children: WorkUnitNode[];
}

const byNumber = (a: WorkUnitNode, b: WorkUnitNode) => a.unit.number - b.unit.number;

/**
 * The units as a tree, top-level first, each level by number. A unit whose parent is not in the list
 * (deleted, or filtered away) shows at the top rather than disappearing.
 */
export function buildWorkUnitTree(units: readonly WorkUnit[]): WorkUnitNode[] {
  const nodes = new Map(units.map((unit) => [unit.id, { unit, children: [] as WorkUnitNode[] }]));
  const roots: WorkUnitNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.unit.parentWorkUnitId ? nodes.get(node.unit.parentWorkUnitId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: WorkUnitNode[]) => {
    list.sort(byNumber);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** Ids of `unitId` and everything below it: a unit cannot move under any of them. */
export function descendantsOf(units: readonly WorkUnit[], unitId: string): Set<string> {
  const found = new Set([unitId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const unit of units) {
      if (unit.parentWorkUnitId && found.has(unit.parentWorkUnitId) && !found.has(unit.id)) {
        found.add(unit.id);
        grew = true;
      }
    }
  }
  return found;
}

export interface DueWorkUnit {
  unit: WorkUnit;
  /** Whole days from today to the target date; negative when overdue. */
  days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `today` (local calendar) to a YYYY-MM-DD date. */
export function daysUntil(date: string, today: Date): number {
  const [year, month, day] = date.split('-').map(Number);
  const target = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / DAY_MS);
}

/**
 * Open units (not completed or cancelled) whose target date is past or within `withinDays`, soonest
 * (most overdue) first. `today` is a parameter so tests control the clock.
 */
export function workUnitsDue(units: readonly WorkUnit[], today: Date, withinDays = 14): DueWorkUnit[] {
  return units
    .filter((unit) => unit.targetDate && unit.status !== 'completed' && unit.status !== 'cancelled')
    .map((unit) => ({ unit, days: daysUntil(unit.targetDate as string, today) }))
    .filter((entry) => entry.days <= withinDays)
    .sort((a, b) => a.days - b.days || a.unit.number - b.unit.number);
}

/** 'overdue by 3 days', 'due today', 'due in 5 days'. */
export function dueLabel(days: number): string {
  if (days < 0) return `overdue by ${-days} day${days === -1 ? '' : 's'}`;
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  return `due in ${days} days`;
}

/**
 * What deleting a unit does, from the server's answer to the unconfirmed delete (its details), in
 * words for the person about to confirm; null when the answer carries no such details.
 */
export function describeWorkUnitDeletion(error: unknown, units: readonly WorkUnit[]): string | null {
  const parsed = workUnitDeletionSchema.safeParse(errorDetailsOf(error));
  if (!parsed.success) return null;
  const { detachedTasks, reparentedWorkUnits, newParentWorkUnitId } = parsed.data;
  const parent = units.find((unit) => unit.id === newParentWorkUnitId);
  const destination = parent ? `${parent.slug} · ${parent.title}` : 'the top level';
  const tasks =
    detachedTasks === 0
      ? 'It has no tasks'
      : `${detachedTasks === 1 ? 'Its task stays' : `Its ${plural(detachedTasks, 'task')} stay`} on the board without a work unit`;
  const children =
    reparentedWorkUnits === 0
      ? 'no child work units'
      : `its ${plural(reparentedWorkUnits, 'child work unit')} ${reparentedWorkUnits === 1 ? 'moves' : 'move'} up to ${destination}`;
  return `${tasks}, and ${children}.`;
}

import type { RealtimeEvent, WorkUnit, WorkUnitDetail } from '@switchboard/api-client/contract';
import type { QueryClient } from '@tanstack/react-query';
import { projectKeys } from '../projects/projects';
import { workUnitKeys } from './work-units';

export function applyWorkUnitChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'work_unit.created':
      upsertWorkUnitEverywhere(queryClient, event.data.workUnit, false);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      break;
    case 'work_unit.updated':
      // Moving a unit changes the depth (and the advice) of everything below it.
      upsertWorkUnitEverywhere(
        queryClient,
        event.data.workUnit,
        event.data.fields.includes('parentWorkUnitId'),
      );
      break;
    case 'work_unit.deleted':
      removeWorkUnitEverywhere(queryClient, event.data.workUnit);
      break;
  }
}

const isDetailOf = (unit: WorkUnit) => (query: { state: { data: unknown } }) =>
  (query.state.data as { id?: unknown } | undefined)?.id === unit.id;

function upsertWorkUnitEverywhere(queryClient: QueryClient, unit: WorkUnit, treeChanged: boolean): void {
  queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(unit.projectId), (units) => {
    if (!units) return units;
    const index = units.findIndex((candidate) => candidate.id === unit.id);
    if (index === -1) return [...units, unit];
    if ((units[index]?.version ?? 0) > unit.version) return units;
    return units.map((candidate) => (candidate.id === unit.id ? unit : candidate));
  });
  queryClient.setQueriesData<WorkUnitDetail>(
    { queryKey: workUnitKeys.details(), predicate: isDetailOf(unit) },
    (current) => (current && current.version <= unit.version ? { ...current, ...unit } : current),
  );
  if (treeChanged) void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(unit.projectId) });
}

function removeWorkUnitEverywhere(queryClient: QueryClient, unit: WorkUnit): void {
  queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(unit.projectId), (units) =>
    units?.filter((candidate) => candidate.id !== unit.id),
  );
  void queryClient.invalidateQueries({ queryKey: workUnitKeys.details(), predicate: isDetailOf(unit) });
  void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

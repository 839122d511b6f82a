import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { type ReactNode, useMemo } from 'react';
import { assigneeFields, assigneeFromSearch } from '../tasks/assignee-options';
import { type BoardFilters, matchesFilters, NO_WORK_UNIT, UNASSIGNED } from '../tasks/tasks-filters';
import { QuickCreate } from './quick-create';

/** The quick-create form at the foot of each column, by status id. */
export function useQuickCreateFooters(
  projectId: string,
  statuses: readonly TaskStatus[],
  filters: BoardFilters,
): ReadonlyMap<string, ReactNode> {
  return useMemo(() => {
    const assignee = assigneeFromSearch(filters.assignee, UNASSIGNED);
    const defaults = {
      // A new card takes the filtered assignee, so it stays in view.
      ...(assignee ? assigneeFields(assignee) : {}),
      priority: filters.priority,
      workUnitId: filters.workUnit && filters.workUnit !== NO_WORK_UNIT ? filters.workUnit : undefined,
    };
    return new Map<string, ReactNode>(
      statuses.map((status, index) => [
        status.id,
        <QuickCreate
          key={status.id}
          projectId={projectId}
          statusId={status.id}
          statusName={status.name}
          defaults={defaults}
          isVisible={(title) => createdTaskShown(title, defaults, filters)}
          opensOnRequest={index === 0}
        />,
      ]),
    );
  }, [statuses, projectId, filters]);
}

/** Whether a task created with these defaults would pass the filters (its key is not known yet). */
function createdTaskShown(
  title: string,
  defaults: {
    assignee?: string | null | undefined;
    assigneeUserId?: string | null | undefined;
    priority?: Task['priority'] | undefined;
    workUnitId?: string | undefined;
  },
  filters: BoardFilters,
): boolean {
  return matchesFilters(
    {
      assignee: defaults.assignee ?? null,
      assigneeUser: defaults.assigneeUserId ? { id: defaults.assigneeUserId, name: '' } : null,
      priority: defaults.priority ?? 'medium',
      workUnitId: defaults.workUnitId ?? null,
      key: '',
      title,
      description: '',
    },
    filters,
  );
}

import type { WorkUnit } from '@switchboard/api-client/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback, useMemo } from 'react';
import { Pending } from '../components/pending';
import { ActivityFeed } from '../features/activity/activity-feed';
import { Board } from '../features/board/board';
import { BoardFilters } from '../features/board/board-filters';
import { ensureProjectBoard } from '../features/board/ensure-project-board';
import { ProjectHeader } from '../features/board/project-header';
import { BulkActionBar } from '../features/bulk-actions/bulk-action-bar';
import { PlanningView } from '../features/planning/planning-view';
import { deletedProjectQueryOptions } from '../features/projects/deleted-elsewhere';
import { ProjectDeleted } from '../features/projects/project-deleted';
import { ProjectError } from '../features/projects/project-error';
import { projectQueryOptions, statusesQueryOptions } from '../features/projects/projects';
import { SavedViewsMenu } from '../features/saved-views/saved-views-menu';
import { TaskList } from '../features/task-list/task-list';
import { type ListArrangement, TaskListControls } from '../features/task-list/task-list-controls';
import { TaskPeekPanel } from '../features/task-peek/task-peek-panel';
import { boardTasksQueryOptions } from '../features/tasks/tasks';
import {
  type BoardFilters as Filters,
  labelNamesOf,
  matchesFilters,
  NO_WORK_UNIT,
  parseBoardSearch,
} from '../features/tasks/tasks-filters';
import { WorkUnitNotFound } from '../features/work-units/work-unit-not-found';
import { workUnitsQueryOptions } from '../features/work-units/work-units';
import { WorkUnitsPanel } from '../features/work-units/work-units-panel';
import { useApi } from '../hooks/use-api';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page uses the whole width of the dashboard (the board), not the reading column. @default false */
    wide?: boolean;
  }
}

export const Route = createFileRoute('/dashboard/projects/$projectId/')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseBoardSearch,
  staticData: { wide: true },
  loader: async ({ context, params }) => {
    const api = apiFor(context.config);
    const [project] = await Promise.all([
      ensureProjectBoard(context.queryClient, api, params.projectId),
      context.queryClient.ensureQueryData(workUnitsQueryOptions(api, params.projectId)),
    ]);
    return { title: `${project.key} · ${project.name}` };
  },
  head: ({ match, loaderData }) => pageHead(match.context.config, loaderData?.title ?? 'Project'),
  errorComponent: ProjectError,
  component: ProjectPage,
});

function ProjectPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const { data: workUnits } = useSuspenseQuery(workUnitsQueryOptions(api, projectId));
  const { data: deletion } = useQuery(deletedProjectQueryOptions(project.id));
  const unknownWorkUnit =
    search.workUnit !== undefined &&
    search.workUnit !== NO_WORK_UNIT &&
    !workUnits.some((unit) => unit.id === search.workUnit);

  if (deletion) return <ProjectDeleted project={project} by={deletion.by} />;

  return (
    <>
      <ProjectHeader project={project} search={search} />
      {search.view === 'work-units' ? (
        <WorkUnitsPanel projectId={projectId} units={workUnits} />
      ) : search.view === 'plan' ? (
        <Suspense fallback={<Pending label="Loading plans…" />}>
          <PlanningView projectId={projectId} planId={search.plan} />
        </Suspense>
      ) : search.view === 'activity' ? (
        <section aria-label="Project activity" className="max-w-3xl">
          <Suspense fallback={<Pending label="Loading activity…" />}>
            <ActivityFeed filter={{ projectId }} empty="No activity in this project yet." />
          </Suspense>
        </section>
      ) : unknownWorkUnit ? (
        <WorkUnitNotFound projectId={projectId} />
      ) : (
        <ProjectTasks projectId={projectId} workUnits={workUnits} />
      )}
    </>
  );
}

/** The filters and the arrangement of the list, as the URL holds them, and how to change them. */
function useTaskViewSearch() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: Filters = useMemo(
    () => ({
      assignee: search.assignee,
      priority: search.priority,
      workUnit: search.workUnit,
      q: search.q,
      label: search.label,
    }),
    [search.assignee, search.priority, search.workUnit, search.q, search.label],
  );
  const arrangement: ListArrangement = {
    group: search.group ?? 'status',
    sort: search.sort,
    dir: search.dir ?? 'asc',
  };
  // Defaults stay out of the URL, so a plain list link is short and a shared one reopens the same view.
  const setArrangement = (next: ListArrangement) =>
    void navigate({
      search: (previous) => ({
        ...previous,
        group: next.group === 'status' ? undefined : next.group,
        sort: next.sort,
        dir: next.sort && next.dir === 'desc' ? 'desc' : undefined,
      }),
      replace: true,
    });
  const setFilters = useCallback(
    // Every filter is named, so one left out of `next` (Clear) leaves the URL too.
    (next: Filters) =>
      void navigate({
        search: (previous) => ({
          ...previous,
          assignee: next.assignee,
          priority: next.priority,
          workUnit: next.workUnit,
          q: next.q,
          label: next.label,
        }),
        replace: true,
      }),
    [navigate],
  );
  return { search, filters, setFilters, arrangement, setArrangement };
}

/** The project's tasks, as a board or a list, under the filters; with the bulk actions and the peek. */
function ProjectTasks({ projectId, workUnits }: { projectId: string; workUnits: readonly WorkUnit[] }) {
  const api = useApi();
  const { data: statuses } = useSuspenseQuery(statusesQueryOptions(api, projectId));
  const { data: tasks } = useSuspenseQuery(boardTasksQueryOptions(api, projectId));
  const { search, filters, setFilters, arrangement, setArrangement } = useTaskViewSearch();
  const shown = useMemo(() => tasks.filter((task) => matchesFilters(task, filters)).length, [tasks, filters]);
  // The board and the list show the same tasks, narrowed by the same filters.
  const view = { statuses, tasks, workUnits, filters };

  return (
    <>
      <BoardFilters
        filters={filters}
        labels={labelNamesOf(tasks)}
        workUnits={workUnits}
        shown={shown}
        total={tasks.length}
        onChange={setFilters}
      />
      {search.view === 'list' ? (
        <>
          <TaskListControls
            arrangement={arrangement}
            onChange={setArrangement}
            leading={<SavedViewsMenu projectId={projectId} search={search} />}
          />
          <TaskList {...view} {...arrangement} />
        </>
      ) : (
        <Board projectId={projectId} {...view} />
      )}
      <BulkActionBar projectId={projectId} statuses={statuses} tasks={tasks} />
      {search.peek ? <TaskPeekPanel projectId={projectId} taskKey={search.peek} /> : null}
    </>
  );
}

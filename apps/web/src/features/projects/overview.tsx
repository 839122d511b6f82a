import type { ProjectWithCounts, Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { FolderIcon } from '../../components/icons';
import { cn } from '../../components/ui/cn';
import { inlineLinkClasses } from '../../components/ui/inline-link';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { FindingsBadge } from '../architecture/findings-badge';
import { AgentIcon, CalendarIcon } from '../tasks/icons';
import { AgentBadge, PriorityIcon, ProgressBar, WorkUnitStatusBadge } from '../tasks/indicators';
import { boardTasksQueryOptions } from '../tasks/tasks';
import { dueLabel, workUnitsDue, workUnitsQueryOptions } from '../work-units/work-units';
import { projectListQueryOptions, statusesQueryOptions } from './projects';
import { ProjectsListLink } from './projects-list-link';

/** The overview reads this many projects' boards; past that it says so and links to the list. */
export const OVERVIEW_PROJECT_LIMIT = 12;

export function ProjectCards() {
  const api = useApi();
  const { data: projects } = useSuspenseQuery(projectListQueryOptions(api));
  if (projects.length === 0) {
    return (
      <EmptyState icon={FolderIcon} title="No projects yet" action={<ProjectsListLink create />}>
        A project gets a board (Todo, In Progress, Review, Done) that your agents and your team share.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

function ProjectCard({ project }: { project: ProjectWithCounts }) {
  const { tasks, openTasks, workUnits } = project.counts;
  const done = tasks - openTasks;
  const percentage = tasks === 0 ? 0 : Math.round((done / tasks) * 100);
  return (
    <Link
      to="/dashboard/projects/$projectId"
      params={{ projectId: project.id }}
      className="group block h-full rounded-card border border-border bg-surface p-4 shadow-xs transition-colors hover:border-border-strong hover:bg-subtle/50"
    >
      <div className="flex items-center gap-2">
        <span className="rounded border border-border bg-background px-1.5 py-px font-mono text-[11px] font-semibold text-foreground">
          {project.key}
        </span>
        <h3 className="truncate text-sm font-medium text-foreground">
          <UserText>{project.name}</UserText>
        </h3>
      </div>
      <ProgressBar
        value={percentage}
        label={`${project.name}: ${done} of ${tasks} tasks done`}
        className="mt-4"
      />
      <p className="mt-2 text-[12px] text-muted-foreground tabular-nums">
        <span className="text-foreground">{openTasks}</span> open · {done} done · {workUnits} work unit
        {workUnits === 1 ? '' : 's'}
      </p>
    </Link>
  );
}

interface ProjectBoard {
  project: ProjectWithCounts;
  statuses: TaskStatus[];
  tasks: Task[];
  units: WorkUnit[];
}

/** The boards and work units of the first projects, read through the same queries the boards use. */
function useProjectBoards(): { boards: ProjectBoard[]; more: number } {
  const api = useApi();
  const { data: projects } = useSuspenseQuery(projectListQueryOptions(api));
  const shown = projects.slice(0, OVERVIEW_PROJECT_LIMIT);
  const boards = useSuspenseQueries({
    queries: shown.flatMap((project) => [
      statusesQueryOptions(api, project.id),
      boardTasksQueryOptions(api, project.id),
      workUnitsQueryOptions(api, project.id),
    ]),
    combine: (results) =>
      shown.map((project, index) => ({
        project,
        statuses: results[index * 3]?.data as TaskStatus[],
        tasks: results[index * 3 + 1]?.data as Task[],
        units: results[index * 3 + 2]?.data as WorkUnit[],
      })),
  });
  return { boards, more: projects.length - shown.length };
}

interface InProgress {
  task: Task;
  project: ProjectWithCounts;
  status: TaskStatus;
}

/** Tasks in an in-progress column, grouped by the agent assigned (unassigned last). */
export function InProgressByAgent() {
  const { boards, more } = useProjectBoards();
  const groups = new Map<string, InProgress[]>();
  for (const { project, statuses, tasks } of boards) {
    const working = new Map(
      statuses.filter((status) => status.category === 'in_progress').map((s) => [s.id, s]),
    );
    for (const task of tasks) {
      const status = working.get(task.statusId);
      if (!status) continue;
      const agent = task.assignee ?? '';
      const list = groups.get(agent) ?? [];
      list.push({ task, project, status });
      groups.set(agent, list);
    }
  }
  const agents = [...groups.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));

  if (agents.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">Nothing is in progress right now.</p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {agents.map((agent) => {
        const items = groups.get(agent) ?? [];
        return (
          <section key={agent || 'unassigned'} aria-label={agent || 'Unassigned'}>
            <h3 className="mb-1.5 flex items-center gap-2 text-[13px] font-medium text-foreground">
              {agent ? <AgentBadge name={agent} /> : <AgentIcon className="size-4 text-muted-foreground" />}
              {agent || 'Unassigned'}
              <span className="text-[12px] font-normal text-muted-foreground tabular-nums">
                {items.length}
              </span>
            </h3>
            <ul className="flex flex-col">
              {items.map(({ task, project, status }) => (
                <li key={task.id}>
                  <Link
                    to="/dashboard/projects/$projectId/tasks/$taskKey"
                    params={{ projectId: project.id, taskKey: task.key }}
                    className="flex items-center gap-2 rounded-control px-2 py-1.5 text-[13px] hover:bg-subtle"
                  >
                    <PriorityIcon priority={task.priority} />
                    <span className="shrink-0 font-mono text-[11px] text-muted-foreground">{task.key}</span>
                    <span className="min-w-0 flex-1 truncate text-foreground">
                      <UserText>{task.title}</UserText>
                    </span>
                    <FindingsBadge counts={task.openFindings} />
                    <span className="shrink-0 text-[11px] text-muted-foreground">{status.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {more > 0 ? <MoreProjects count={more} /> : null}
    </div>
  );
}

/** Open work units whose target date is past or within 14 days. */
export function DueSoon({ today = new Date() }: { today?: Date }) {
  const { boards, more } = useProjectBoards();
  const due = boards.flatMap(({ project, units }) =>
    workUnitsDue(units, today).map((entry) => ({ ...entry, project })),
  );
  due.sort((a, b) => a.days - b.days);
  if (due.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        No work unit is due in the next 14 days, and none is overdue.
      </p>
    );
  }
  return (
    <ul className="flex flex-col">
      {due.map(({ unit, days, project }) => (
        <li key={unit.id}>
          <Link
            to="/dashboard/projects/$projectId"
            params={{ projectId: project.id }}
            search={{ view: 'work-units' }}
            className="flex items-center gap-3 rounded-control px-2 py-2 hover:bg-subtle"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-[13px] text-foreground">
                <span className="font-mono text-[11px] text-muted-foreground">{unit.slug}</span> {unit.title}
              </p>
              <ProgressBar
                value={unit.progress.percentage}
                label={`${unit.slug}: ${unit.progress.completedTasks} of ${unit.progress.totalTasks} tasks done`}
                className="mt-1.5"
              />
            </div>
            <WorkUnitStatusBadge status={unit.status} />
            <span
              className={cn(
                'flex w-32 shrink-0 items-center justify-end gap-1 text-[12px]',
                days < 0
                  ? 'text-danger'
                  : days <= 3
                    ? 'text-amber-600 dark:text-amber-300'
                    : 'text-muted-foreground',
              )}
            >
              <CalendarIcon className="size-3.5" />
              {dueLabel(days)}
            </span>
          </Link>
        </li>
      ))}
      {more > 0 ? <MoreProjects count={more} /> : null}
    </ul>
  );
}

function MoreProjects({ count }: { count: number }) {
  return (
    <p className="text-[12px] text-muted-foreground">
      Showing the first {OVERVIEW_PROJECT_LIMIT} projects;{' '}
      <Link to="/dashboard/projects" className={inlineLinkClasses}>
        {count} more
      </Link>
      .
    </p>
  );
}

import type { Project } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { GitHubIcon, SettingsIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Markdown } from '../../components/ui/markdown';
import { UserText } from '../../components/ui/user-text';
import { useCanDeleteProjects } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { exactTokens, formatCost, hasUsage, sumUsage, usageSummary } from '../agents/agents-usage';
import { ConnectAgentDialog } from '../connect/connect-agent-dialog';
import { DeleteProjectDialog } from '../projects/delete-project-dialog';
import { ProjectFormDialog } from '../projects/project-form-dialog';
import {
  ActivityIcon,
  AgentIcon,
  ColumnsIcon,
  LayersIcon,
  ListIcon,
  MessageIcon,
  PencilIcon,
  TrashIcon,
} from '../tasks/icons';
import { boardTasksQueryOptions } from '../tasks/tasks';
import type { BoardSearch, BoardView } from '../tasks/tasks-filters';

const TABS: { view: BoardView; label: string; icon: typeof ColumnsIcon }[] = [
  { view: 'board', label: 'Board', icon: ColumnsIcon },
  { view: 'list', label: 'List', icon: ListIcon },
  { view: 'work-units', label: 'Work units', icon: LayersIcon },
  { view: 'plan', label: 'Plans', icon: MessageIcon },
  { view: 'activity', label: 'Activity', icon: ActivityIcon },
];

/** The project's name and key, its actions, and the tabs (the tab is a search param: links keep it). */
export function ProjectHeader({ project, search }: { project: Project; search: BoardSearch }) {
  const navigate = useNavigate();
  const api = useApi();
  const canDelete = useCanDeleteProjects();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'connect' | null>(null);
  const current: BoardView = search.view ?? 'board';
  // Project totals from the board's tasks, already loaded: no extra request.
  const { data: tasks } = useQuery(boardTasksQueryOptions(api, project.id));
  const usage = sumUsage(tasks ?? []);

  return (
    <header className="mb-5">
      <nav aria-label="Breadcrumb" className="mb-2 text-[12px] text-muted-foreground">
        <Link to="/dashboard/projects" className="hover:text-foreground">
          Projects
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="font-mono">{project.key}</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-foreground">
            <UserText>{project.name}</UserText>
          </h1>
          {project.description ? (
            <Markdown source={project.description} className="mt-1 max-w-3xl text-muted-foreground" />
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {hasUsage(usage) ? (
            <p
              className="mr-2 text-[12px] text-muted-foreground tabular-nums"
              title={`Reported by agents: ${exactTokens(usage.inputTokens)} input and ${exactTokens(usage.outputTokens)} output tokens, ${formatCost(usage.costUsd)}`}
            >
              <span className="sr-only">Agent usage: </span>
              {usageSummary(usage)}
            </p>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => setDialog('connect')}>
            <AgentIcon className="size-3.5" />
            Connect an agent
          </Button>
          <Link
            to="/dashboard/projects/$projectId/settings/workflow"
            params={{ projectId: project.id }}
            className={buttonClasses('ghost', 'sm')}
          >
            <SettingsIcon className="size-3.5" />
            Workflow
          </Link>
          <Link
            to="/dashboard/projects/$projectId/settings/repositories"
            params={{ projectId: project.id }}
            className={buttonClasses('ghost', 'sm')}
          >
            <GitHubIcon className="size-3.5" />
            Repositories
          </Link>
          <Button variant="ghost" size="sm" onClick={() => setDialog('edit')}>
            <PencilIcon className="size-3.5" />
            Edit
          </Button>
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="hover:text-danger"
              onClick={() => setDialog('delete')}
            >
              <TrashIcon className="size-3.5" />
              Delete
            </Button>
          ) : null}
        </div>
      </div>
      <nav
        aria-label="Project views"
        // The line under the tabs is an inset shadow, not a border, so the tabs can scroll sideways on a
        // phone and the active tab's underline still covers it.
        className="mt-4 flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-border)] [scrollbar-width:none]"
      >
        {TABS.map((tab) => {
          const active = tab.view === current;
          return (
            <Link
              key={tab.view}
              to="/dashboard/projects/$projectId"
              params={{ projectId: project.id }}
              search={(previous: BoardSearch) => ({
                ...previous,
                view: tab.view === 'board' ? undefined : tab.view,
                // The peek panel belongs to the board and the list; another tab closes it.
                peek: tab.view === 'board' || tab.view === 'list' ? previous.peek : undefined,
              })}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex h-9 shrink-0 items-center gap-1.5 border-b-2 px-3 text-[13px] font-medium whitespace-nowrap transition-colors',
                active
                  ? 'border-accent text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              <tab.icon className="size-3.5" />
              {tab.label}
            </Link>
          );
        })}
      </nav>

      <ConnectAgentDialog project={project} open={dialog === 'connect'} onClose={() => setDialog(null)} />
      <ProjectFormDialog open={dialog === 'edit'} project={project} onClose={() => setDialog(null)} />
      {dialog === 'delete' ? (
        <DeleteProjectDialog
          project={project}
          open
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate({ to: '/dashboard/projects' })}
        />
      ) : null}
    </header>
  );
}

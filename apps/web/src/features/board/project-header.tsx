import type { Project } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { GitHubIcon, SettingsIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/button';
import { Markdown } from '../../components/ui/markdown';
import { UserText } from '../../components/ui/user-text';
import { useCanManageProjects } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { exactTokens, formatCost, hasUsage, sumUsage, usageSummary } from '../agents/agents-usage';
import { ConnectAgentDialog } from '../connect/connect-agent-dialog';
import { DeleteProjectDialog } from '../projects/delete-project-dialog';
import { ProjectBreadcrumb } from '../projects/project-breadcrumb';
import { ProjectFormDialog } from '../projects/project-form-dialog';
import { AgentIcon, PencilIcon, TrashIcon } from '../tasks/icons';
import { boardTasksQueryOptions } from '../tasks/tasks';
import type { BoardSearch, BoardView } from '../tasks/tasks-filters';
import { ProjectViewTabs } from './project-view-tabs';

/** The project's settings pages, linked from its header. */
const SETTINGS_PAGES = [
  { to: '/dashboard/projects/$projectId/settings/workflow', icon: SettingsIcon, label: 'Workflow' },
  { to: '/dashboard/projects/$projectId/settings/repositories', icon: GitHubIcon, label: 'Repositories' },
] as const;

/** The project's name and key, its actions, and the tabs (the tab is a search param: links keep it). */
export function ProjectHeader({ project, search }: { project: Project; search: BoardSearch }) {
  const navigate = useNavigate();
  const api = useApi();
  const canDelete = useCanManageProjects();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'connect' | null>(null);
  const current: BoardView = search.view ?? 'board';
  // Project totals from the board's tasks, already loaded: no extra request.
  const { data: tasks } = useQuery(boardTasksQueryOptions(api, project.id));
  const usage = sumUsage(tasks ?? []);

  return (
    <header className="mb-5">
      <ProjectBreadcrumb>
        <span className="font-mono">{project.key}</span>
      </ProjectBreadcrumb>
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
          {SETTINGS_PAGES.map(({ to, icon: Icon, label }) => (
            <Link
              key={to}
              to={to}
              params={{ projectId: project.id }}
              className={buttonClasses('ghost', 'sm')}
            >
              <Icon className="size-3.5" />
              {label}
            </Link>
          ))}
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
      <ProjectViewTabs projectId={project.id} current={current} />

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

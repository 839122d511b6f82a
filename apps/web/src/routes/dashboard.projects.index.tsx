import type { ProjectWithCounts } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { FolderIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Button } from '../components/ui/button';
import { relativeTime } from '../components/ui/format';
import { MarkdownLine } from '../components/ui/markdown';
import { UserText } from '../components/ui/user-text';
import { DeleteProjectDialog } from '../features/projects/delete-project-dialog';
import { ProjectFormDialog } from '../features/projects/project-form-dialog';
import { projectListQueryOptions } from '../features/projects/projects';
import { PencilIcon, PlusIcon, TrashIcon } from '../features/tasks/icons';
import { useCanManageProjects } from '../hooks/use-active-organization';
import { useApi } from '../hooks/use-api';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  head: ({ match }) => pageHead(match.context.config, 'Projects'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(projectListQueryOptions(apiFor(context.config))),
  component: ProjectsPage,
});

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; project: ProjectWithCounts }
  | { kind: 'delete'; project: ProjectWithCounts };

function ProjectsPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { data: projects } = useSuspenseQuery(projectListQueryOptions(api));
  const canDelete = useCanManageProjects();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const takenKeys = projects.map((project) => project.key);

  return (
    <>
      <PageHeader
        title="Projects"
        description="Projects group work units and tasks. Agents and people share one board per project."
        actions={
          projects.length > 0 ? (
            <Button onClick={() => setDialog({ kind: 'new' })}>
              <PlusIcon className="size-4" />
              New project
            </Button>
          ) : null
        }
      />

      {projects.length === 0 ? (
        <EmptyState
          icon={FolderIcon}
          title="No projects yet"
          action={
            <Button onClick={() => setDialog({ kind: 'new' })}>
              <PlusIcon className="size-4" />
              New project
            </Button>
          }
        >
          Create a project to get a board with Todo, In Progress, Review and Done. Link a repository to it
          later with{' '}
          <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-foreground">
            switchboard project use
          </code>
          .
        </EmptyState>
      ) : (
        <ul
          aria-label="Projects"
          className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
        >
          {projects.map((project) => (
            <li
              key={project.id}
              className="group relative flex items-center gap-4 px-4 py-3 hover:bg-subtle/50"
            >
              <span className="grid h-8 min-w-12 place-items-center rounded-control border border-border bg-background px-2 font-mono text-xs font-semibold text-foreground">
                {project.key}
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  to="/dashboard/projects/$projectId"
                  params={{ projectId: project.id }}
                  className="text-sm font-medium text-foreground after:absolute after:inset-0 after:content-[''] hover:underline"
                >
                  <UserText>{project.name}</UserText>
                </Link>
                {project.description ? (
                  <MarkdownLine
                    source={project.description}
                    className="block truncate text-[13px] text-muted-foreground"
                  />
                ) : null}
              </div>
              <dl className="hidden items-center gap-5 text-[13px] text-muted-foreground sm:flex">
                <div className="text-right">
                  <dt className="sr-only">Open tasks</dt>
                  <dd>
                    <span className="font-medium text-foreground tabular-nums">
                      {project.counts.openTasks}
                    </span>{' '}
                    open
                    <span className="text-muted-foreground"> / {project.counts.tasks}</span>
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Work units</dt>
                  <dd>
                    <span className="font-medium text-foreground tabular-nums">
                      {project.counts.workUnits}
                    </span>{' '}
                    work unit{project.counts.workUnits === 1 ? '' : 's'}
                  </dd>
                </div>
                <div className="hidden w-24 text-right lg:block">
                  <dt className="sr-only">Updated</dt>
                  <dd>{relativeTime(project.updatedAt)}</dd>
                </div>
              </dl>
              <div className="relative z-10 flex items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit ${project.name}`}
                  title="Edit"
                  onClick={() => setDialog({ kind: 'edit', project })}
                >
                  <PencilIcon className="size-4" />
                </Button>
                {canDelete ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${project.name}`}
                    title="Delete"
                    className="hover:text-danger"
                    onClick={() => setDialog({ kind: 'delete', project })}
                  >
                    <TrashIcon className="size-4" />
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      <ProjectFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        project={dialog?.kind === 'edit' ? dialog.project : undefined}
        takenKeys={takenKeys}
        onClose={close}
        onSaved={(saved) => {
          if (dialog?.kind === 'new') {
            void navigate({ to: '/dashboard/projects/$projectId', params: { projectId: saved.id } });
          }
        }}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteProjectDialog project={dialog.project} open onClose={close} />
      ) : null}
    </>
  );
}

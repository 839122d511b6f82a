import type { ProjectWithCounts } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { FolderIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Button } from '../components/ui/button';
import { DeleteProjectDialog } from '../features/projects/delete-project-dialog';
import { ProjectFormDialog } from '../features/projects/project-form-dialog';
import { ProjectRow } from '../features/projects/project-row';
import { projectListQueryOptions } from '../features/projects/projects';
import { PlusIcon } from '../features/tasks/icons';
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
        actions={projects.length > 0 ? <NewProjectButton onClick={() => setDialog({ kind: 'new' })} /> : null}
      />

      {projects.length === 0 ? (
        <EmptyState
          icon={FolderIcon}
          title="No projects yet"
          action={<NewProjectButton onClick={() => setDialog({ kind: 'new' })} />}
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
            <ProjectRow
              key={project.id}
              project={project}
              onEdit={() => setDialog({ kind: 'edit', project })}
              onDelete={canDelete ? () => setDialog({ kind: 'delete', project }) : undefined}
            />
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

function NewProjectButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon className="size-4" />
      New project
    </Button>
  );
}

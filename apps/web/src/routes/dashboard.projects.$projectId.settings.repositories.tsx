import { createFileRoute } from '@tanstack/react-router';
import { CodeMovesPanel } from '../features/development/code-moves-panel';
import { codeMovesQueryOptions, repositoriesQueryOptions } from '../features/development/repositories';
import { RepositoriesPanel } from '../features/development/repositories-panel';
import { ProjectError } from '../features/projects/project-error';
import { ProjectSettingsPage } from '../features/projects/project-settings-page';
import { projectQueryOptions } from '../features/projects/projects';
import { useCanManageProjects } from '../hooks/use-active-organization';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/$projectId/settings/repositories')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const api = apiFor(context.config);
    const [project] = await Promise.all([
      context.queryClient.ensureQueryData(projectQueryOptions(api, params.projectId)),
      context.queryClient.ensureQueryData(repositoriesQueryOptions(api, params.projectId)),
      context.queryClient.ensureQueryData(codeMovesQueryOptions(api, params.projectId)),
      // The person's role, so the page opens with its controls (or its read-only note) at once.
      loadActiveOrganization(context, context.session),
    ]);
    return { title: `Repositories · ${project.key}` };
  },
  head: ({ match, loaderData }) => pageHead(match.context.config, loaderData?.title ?? 'Repositories'),
  errorComponent: ProjectError,
  component: RepositoriesPage,
});

function RepositoriesPage() {
  const { projectId } = Route.useParams();
  const canEdit = useCanManageProjects();
  return (
    <ProjectSettingsPage projectId={projectId} title="Repositories">
      <RepositoriesPanel projectId={projectId} canEdit={canEdit} />
      <CodeMovesPanel projectId={projectId} canEdit={canEdit} />
    </ProjectSettingsPage>
  );
}

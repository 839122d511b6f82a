import { createFileRoute } from '@tanstack/react-router';
import { ensureProjectBoard } from '../features/board/ensure-project-board';
import { ProjectError } from '../features/projects/project-error';
import { ProjectSettingsPage } from '../features/projects/project-settings-page';
import { WorkflowPanel } from '../features/workflow/workflow-panel';
import { useCanManageProjects } from '../hooks/use-active-organization';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/$projectId/settings/workflow')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const api = apiFor(context.config);
    const [project] = await Promise.all([
      // The statuses with the task counts of each, and where a deleted status's tasks go.
      ensureProjectBoard(context.queryClient, api, params.projectId),
      // The person's role, so the page opens with its controls (or its read-only note) at once.
      loadActiveOrganization(context, context.session),
    ]);
    return { title: `Workflow · ${project.key}` };
  },
  head: ({ match, loaderData }) => pageHead(match.context.config, loaderData?.title ?? 'Workflow'),
  errorComponent: ProjectError,
  component: WorkflowPage,
});

function WorkflowPage() {
  const { projectId } = Route.useParams();
  const canEdit = useCanManageProjects();
  return (
    <ProjectSettingsPage projectId={projectId} title="Workflow">
      <WorkflowPanel projectId={projectId} canEdit={canEdit} />
    </ProjectSettingsPage>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ProjectError } from '../components/projects/project-error';
import { UserText } from '../components/ui/user-text';
import { WorkflowPanel } from '../components/workflow/workflow-panel';
import { useCanEditWorkflow } from '../hooks/use-active-organization';
import { useApi } from '../hooks/use-api';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { projectQueryOptions, statusesQueryOptions } from '../lib/projects';
import { pageHead } from '../lib/seo';
import { boardTasksQueryOptions } from '../lib/tasks';

export const Route = createFileRoute('/dashboard/projects/$projectId/settings/workflow')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const api = apiFor(context.config);
    const [project] = await Promise.all([
      context.queryClient.ensureQueryData(projectQueryOptions(api, params.projectId)),
      context.queryClient.ensureQueryData(statusesQueryOptions(api, params.projectId)),
      // The task counts of each status, and where a deleted status's tasks go.
      context.queryClient.ensureQueryData(boardTasksQueryOptions(api, params.projectId)),
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
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const canEdit = useCanEditWorkflow();
  return (
    <div className="max-w-3xl">
      <nav aria-label="Breadcrumb" className="mb-2 text-[12px] text-muted-foreground">
        <Link to="/dashboard/projects" className="hover:text-foreground">
          Projects
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to="/dashboard/projects/$projectId" params={{ projectId }} className="hover:text-foreground">
          <UserText>{project.name}</UserText>
        </Link>
      </nav>
      <h1 className="mb-5 text-xl font-semibold tracking-tight text-foreground">Workflow</h1>
      <WorkflowPanel projectId={projectId} canEdit={canEdit} />
    </div>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { FolderIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/$projectId/')({
  head: ({ match }) => pageHead(match.context.config, 'Project'),
  component: ProjectPage,
});

function ProjectPage() {
  const { projectId } = Route.useParams();
  return (
    <>
      <PageHeader title="Project" description={<span className="font-mono text-xs">{projectId}</span>} />
      <EmptyState
        icon={FolderIcon}
        title="Project boards are on their way"
        action={
          <Link to="/dashboard/projects" className={buttonClasses('secondary', 'sm')}>
            All projects
          </Link>
        }
      >
        Projects arrive with the projects release. This page will then show the project's work units and its
        task board (Todo, In Progress, Review, Done).
      </EmptyState>
    </>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { CheckCircleIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/$projectId/tasks/$taskId')({
  head: ({ match }) => pageHead(match.context.config, 'Task'),
  component: TaskPage,
});

function TaskPage() {
  const { projectId, taskId } = Route.useParams();
  return (
    <>
      <PageHeader title="Task" description={<span className="font-mono text-xs">{taskId}</span>} />
      <EmptyState
        icon={CheckCircleIcon}
        title="Tasks are on their way"
        action={
          <Link
            to="/dashboard/projects/$projectId"
            params={{ projectId }}
            className={buttonClasses('secondary', 'sm')}
          >
            Back to the project
          </Link>
        }
      >
        Tasks arrive with the projects release. This page will then show the task's assignee, acceptance
        criteria, activity and the agent session working on it.
      </EmptyState>
    </>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { FolderIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/projects/')({
  head: ({ match }) => pageHead(match.context.config, 'Projects'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="Projects"
        description="Projects group work units and tasks, and link to a git repository."
      />
      <EmptyState icon={FolderIcon} title="No projects yet">
        Projects arrive with the projects release: you will create them here and link a repository with{' '}
        <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-foreground">
          switchboard project use
        </code>
        .
      </EmptyState>
    </>
  );
}

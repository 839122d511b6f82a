import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { BuildingIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/')({
  head: ({ match }) => pageHead(match.context.config, 'Organization'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Organization" description="Your organization, its members and their roles." />
      <EmptyState icon={BuildingIcon} title="Organizations are on their way">
        Organizations arrive with the organizations release: you will rename your organization, invite members
        and give them the owner, admin or member role here.
      </EmptyState>
    </>
  );
}

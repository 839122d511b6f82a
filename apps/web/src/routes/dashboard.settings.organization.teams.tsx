import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { OrganizationTabs } from '../components/settings/organization-tabs';
import { TeamsPanel } from '../components/settings/teams-panel';
import { OrganizationGate, useActiveOrganization } from '../components/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/teams')({
  // Loaders ship with the entry chunk; the organisation code loads with the page instead.
  loader: ({ context }) =>
    import('../lib/organization').then(({ loadActiveOrganization }) =>
      loadActiveOrganization(context, context.session),
    ),
  head: ({ match }) => pageHead(match.context.config, 'Teams'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="teams" />
  ),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="Organization"
        description="Your organization's profile, members, teams and agents."
      />
      <OrganizationTabs />
      <OrganizationGate>{(organizationId) => <Teams organizationId={organizationId} />}</OrganizationGate>
    </>
  );
}

function Teams({ organizationId }: { organizationId: string }) {
  return <TeamsPanel view={useActiveOrganization(organizationId)} />;
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { MembersPanel } from '../components/settings/members-panel';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { OrganizationTabs } from '../components/settings/organization-tabs';
import { OrganizationGate, useActiveOrganization } from '../components/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/members')({
  // Loaders ship with the entry chunk; the organisation code loads with the page instead.
  loader: ({ context }) =>
    import('../lib/organization').then(({ loadActiveOrganization }) =>
      loadActiveOrganization(context, context.session),
    ),
  head: ({ match }) => pageHead(match.context.config, 'Members'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="members" />
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
      <OrganizationGate>{(organizationId) => <Members organizationId={organizationId} />}</OrganizationGate>
    </>
  );
}

function Members({ organizationId }: { organizationId: string }) {
  return <MembersPanel view={useActiveOrganization(organizationId)} />;
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { OrganizationDangerZone } from '../components/settings/organization-danger-zone';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { OrganizationProfileForm } from '../components/settings/organization-general';
import { OrganizationTabs } from '../components/settings/organization-tabs';
import { OrganizationGate, useActiveOrganization } from '../components/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/')({
  // Loaders ship with the entry chunk; the organisation code loads with the page instead.
  loader: ({ context }) =>
    import('../lib/organization').then(({ loadActiveOrganization }) =>
      loadActiveOrganization(context, context.session),
    ),
  head: ({ match }) => pageHead(match.context.config, 'Organization'),
  errorComponent: ({ error }: ErrorComponentProps) => <OrganizationErrorView error={error} />,
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
      <OrganizationGate>{(organizationId) => <General organizationId={organizationId} />}</OrganizationGate>
    </>
  );
}

function General({ organizationId }: { organizationId: string }) {
  const view = useActiveOrganization(organizationId);
  return (
    <>
      {/* Keyed by organisation: switching starts the form afresh with the new organisation's values. */}
      <OrganizationProfileForm key={`${view.organization.id}:${view.organization.slug}`} view={view} />
      <OrganizationDangerZone view={view} />
    </>
  );
}

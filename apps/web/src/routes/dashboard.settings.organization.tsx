import { createFileRoute, type ErrorComponentProps, Outlet } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { OrganizationTabs } from '../features/settings/organization-tabs';
import { OrganizationScope } from '../features/settings/use-organization';

/** The organization settings' frame: one header, the tabs, and the active organization for every tab. */
export const Route = createFileRoute('/dashboard/settings/organization')({
  // Loaders ship with the entry chunk; the organization code loads with the page instead.
  loader: ({ context }) =>
    import('../lib/organization').then(({ loadActiveOrganization }) =>
      loadActiveOrganization(context, context.session),
    ),
  errorComponent: ({ error }: ErrorComponentProps) => <OrganizationErrorView error={error} />,
  component: OrganizationSettings,
});

function OrganizationSettings() {
  return (
    <>
      <PageHeader
        title="Organization"
        description="Your organization's profile, members, teams and agents."
      />
      <OrganizationTabs />
      <OrganizationScope>
        <Outlet />
      </OrganizationScope>
    </>
  );
}

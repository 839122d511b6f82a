import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { OrganizationDangerZone } from '../features/settings/organization-danger-zone';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { OrganizationProfileForm } from '../features/settings/organization-general';
import { useScopedOrganization } from '../features/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/')({
  head: ({ match }) => pageHead(match.context.config, 'Organization'),
  errorComponent: ({ error }: ErrorComponentProps) => <OrganizationErrorView error={error} />,
  component: General,
});

function General() {
  const view = useScopedOrganization();
  return (
    <>
      {/* Keyed by slug too: a renamed slug starts the form afresh with the saved values. */}
      <OrganizationProfileForm key={`${view.organization.id}:${view.organization.slug}`} view={view} />
      <OrganizationDangerZone view={view} />
    </>
  );
}

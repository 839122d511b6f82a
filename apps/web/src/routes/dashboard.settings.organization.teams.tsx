import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { TeamsPanel } from '../features/settings/teams-panel';
import { useScopedOrganization } from '../features/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/teams')({
  head: ({ match }) => pageHead(match.context.config, 'Teams'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="teams" />
  ),
  component: Teams,
});

function Teams() {
  return <TeamsPanel view={useScopedOrganization()} />;
}

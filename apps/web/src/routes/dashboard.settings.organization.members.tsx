import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { MembersPanel } from '../features/settings/members-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { useScopedOrganization } from '../features/settings/use-organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/members')({
  head: ({ match }) => pageHead(match.context.config, 'Members'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="members" />
  ),
  component: Members,
});

function Members() {
  return <MembersPanel view={useScopedOrganization()} />;
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { MembersPanel } from '../components/settings/members-panel';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { useScopedOrganization } from '../components/settings/use-organization';
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

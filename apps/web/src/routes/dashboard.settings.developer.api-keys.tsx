import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { apiKeysQueryOptions } from '../features/api-keys/api-keys';
import { ApiKeysPanel } from '../features/api-keys/api-keys-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { OrganizationGate } from '../features/settings/use-organization';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/developer/api-keys')({
  // Loaders stay out of the entry chunk, next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    const organizationId = await loadActiveOrganization(context, context.session);
    if (organizationId) {
      await context.queryClient.ensureQueryData(apiKeysQueryOptions(context.authClient, organizationId));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'API keys'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="API keys" />
  ),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys that let agents and MCP tool servers reach your organization's projects."
      />
      <OrganizationGate>
        {(organizationId) => <ApiKeysPanel key={organizationId} organizationId={organizationId} />}
      </OrganizationGate>
    </>
  );
}

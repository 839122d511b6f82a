import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { AgentProfilesPanel } from '../components/agents/agent-profiles-panel';
import { PageHeader } from '../components/page-header';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { OrganizationTabs } from '../components/settings/organization-tabs';
import { OrganizationGate, useActiveOrganization } from '../components/settings/use-organization';
import { agentProfilesQueryOptions, canManageAgents } from '../lib/agents';
import { apiClientFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/ai-agents')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    const organizationId = await loadActiveOrganization(context, context.session);
    if (organizationId) {
      await context.queryClient.ensureQueryData(agentProfilesQueryOptions(apiClientFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'AI agents'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="agent profiles" />
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
      <OrganizationGate>{(organizationId) => <Agents organizationId={organizationId} />}</OrganizationGate>
    </>
  );
}

function Agents({ organizationId }: { organizationId: string }) {
  const { role } = useActiveOrganization(organizationId);
  return <AgentProfilesPanel canManage={canManageAgents(role)} />;
}

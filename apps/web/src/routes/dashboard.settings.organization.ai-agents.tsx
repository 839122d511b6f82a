import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { AgentProfilesPanel } from '../features/agents/agent-profiles-panel';
import { agentProfilesQueryOptions, canManageAgents } from '../features/agents/agents';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { useScopedOrganization } from '../features/settings/use-organization';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/ai-agents')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // Profiles exist only inside an organization (the layout's load of it is shared, not repeated).
    if (await loadActiveOrganization(context, context.session)) {
      await context.queryClient.ensureQueryData(agentProfilesQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'AI agents'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="agent profiles" />
  ),
  component: Agents,
});

function Agents() {
  const { role } = useScopedOrganization();
  return <AgentProfilesPanel canManage={canManageAgents(role)} />;
}

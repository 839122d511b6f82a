import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { AgentProfilesPanel } from '../components/agents/agent-profiles-panel';
import { OrganizationErrorView } from '../components/settings/organization-error';
import { useScopedOrganization } from '../components/settings/use-organization';
import { agentProfilesQueryOptions, canManageAgents } from '../lib/agents';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/ai-agents')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // Profiles exist only inside an organisation (the layout's load of it is shared, not repeated).
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

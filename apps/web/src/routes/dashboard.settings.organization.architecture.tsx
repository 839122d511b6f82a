import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ArchitecturePanel } from '../features/architecture/architecture-panel';
import { canManageRuleSets, ruleSetsQueryOptions } from '../features/architecture/rule-sets';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { useScopedOrganization } from '../features/settings/use-organization';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/architecture')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // A plain function, not zod: validateSearch ships in the entry chunk.
  validateSearch: (search: Record<string, unknown>): { ruleSet?: string } =>
    typeof search.ruleSet === 'string' && search.ruleSet !== '' ? { ruleSet: search.ruleSet } : {},
  loader: async ({ context }) => {
    // Rule sets exist only inside an organization (the layout's load of it is shared, not repeated).
    if (await loadActiveOrganization(context, context.session)) {
      await context.queryClient.ensureQueryData(ruleSetsQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'Architecture'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="rule sets" />
  ),
  component: Architecture,
});

function Architecture() {
  const { role } = useScopedOrganization();
  const { ruleSet } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ArchitecturePanel
      canManage={canManageRuleSets(role)}
      selected={ruleSet}
      onSelect={(name) => void navigate({ search: name ? { ruleSet: name } : {} })}
    />
  );
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { useScopedOrganization } from '../features/settings/use-organization';
import { canManageTemplates, templatesQueryOptions } from '../features/templates/templates';
import { TemplatesPanel } from '../features/templates/templates-panel';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

interface TemplatesSearch {
  template?: string;
  method?: string;
}

export const Route = createFileRoute('/dashboard/settings/organization/templates')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // A plain function, not zod: validateSearch ships in the entry chunk.
  validateSearch: (search: Record<string, unknown>): TemplatesSearch => ({
    ...(typeof search.template === 'string' && search.template !== '' ? { template: search.template } : {}),
    ...(typeof search.method === 'string' && search.method !== '' ? { method: search.method } : {}),
  }),
  loader: async ({ context }) => {
    // Templates exist only inside an organization (the layout's load of it is shared, not repeated).
    if (await loadActiveOrganization(context, context.session)) {
      await context.queryClient.ensureQueryData(templatesQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'Templates'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="templates" />
  ),
  component: Templates,
});

function Templates() {
  const { role } = useScopedOrganization();
  const { template, method } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TemplatesPanel
      canManage={canManageTemplates(role)}
      selected={template}
      selectedMethod={method}
      onSelect={(name) => void navigate({ search: name ? { template: name } : {} })}
    />
  );
}

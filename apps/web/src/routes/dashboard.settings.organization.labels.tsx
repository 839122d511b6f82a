import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { canManageLabels, labelsQueryOptions } from '../features/labels/labels';
import { LabelsPanel } from '../features/labels/labels-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { useScopedOrganization } from '../features/settings/use-organization';
import { apiFor } from '../lib/api';
import { loadActiveOrganization } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/labels')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // Labels exist only inside an organization (the layout's load of it is shared, not repeated).
    if (await loadActiveOrganization(context, context.session)) {
      await context.queryClient.ensureQueryData(labelsQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'Labels'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="labels" />
  ),
  component: Labels,
});

function Labels() {
  const { role } = useScopedOrganization();
  return <LabelsPanel canManage={canManageLabels(role)} />;
}

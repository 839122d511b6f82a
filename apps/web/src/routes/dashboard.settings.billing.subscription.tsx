import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { loadBillingOverview } from '../features/billing/billing';
import { BillingGate } from '../features/billing/billing-gate';
import { SubscriptionPanel } from '../features/billing/subscription-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/subscription')({
  // Loaders stay out of the entry chunk, next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    await loadBillingOverview(context);
  },
  head: ({ match }) => pageHead(match.context.config, 'Subscription'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="billing" />
  ),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Subscription" description="Your plan, what it includes and what it costs." />
      <BillingGate>{(overview) => <SubscriptionPanel overview={overview} />}</BillingGate>
    </>
  );
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { loadBillingOverview, paymentMethodQueryOptions } from '../features/billing/billing';
import { BillingGate } from '../features/billing/billing-gate';
import { PaymentPanel } from '../features/billing/payment-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/payment')({
  // Loaders stay out of the entry chunk, next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // The card is asked for only where billing is on: without it the server has none to tell.
    if ((await loadBillingOverview(context))?.enabled) {
      await context.queryClient.ensureQueryData(paymentMethodQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'Payment'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="billing" />
  ),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Payment" description="The card your subscription is charged to." />
      <BillingGate>{(overview) => <PaymentPanel overview={overview} />}</BillingGate>
    </>
  );
}

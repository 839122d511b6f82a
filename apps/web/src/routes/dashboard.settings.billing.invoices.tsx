import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { invoicesQueryOptions, loadBillingOverview } from '../features/billing/billing';
import { BillingGate } from '../features/billing/billing-gate';
import { InvoicesPanel } from '../features/billing/invoices-panel';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/invoices')({
  // Loaders stay out of the entry chunk, next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    // Invoices are asked for only where billing is on: without it the server has none to tell.
    if ((await loadBillingOverview(context))?.enabled) {
      await context.queryClient.ensureInfiniteQueryData(invoicesQueryOptions(apiFor(context.config)));
    }
  },
  head: ({ match }) => pageHead(match.context.config, 'Invoices'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="billing" />
  ),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Invoices" description="Every invoice of your subscription, newest first." />
      <BillingGate>{() => <InvoicesPanel />}</BillingGate>
    </>
  );
}

import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { loadBillingOverview } from '../features/billing/billing';
import { BillingGate } from '../features/billing/billing-gate';
import { CheckoutResult } from '../features/billing/checkout-result';
import { OrganizationErrorView } from '../features/settings/organization-error';
import { optionalSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';

/**
 * Stripe Checkout's return address, naming the checkout session. Without one the page says so and
 * offers the way back, rather than failing: people reach it from their history and bookmarks too.
 */
export const Route = createFileRoute('/dashboard/settings/billing/success')({
  // A plain function, not zod: validateSearch ships in the entry chunk, and zod would weigh on every page.
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => {
    const sessionId = optionalSearchParam(search.session_id)?.trim();
    return sessionId ? { session_id: sessionId } : {};
  },
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context }) => {
    await loadBillingOverview(context);
  },
  head: ({ match }) => pageHead(match.context.config, 'Checkout'),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <OrganizationErrorView error={error} resource="billing" />
  ),
  component: BillingSuccess,
});

function BillingSuccess() {
  const { session_id: sessionId } = Route.useSearch();
  return (
    <>
      <PageHeader title="Checkout" description="The result of your payment." />
      <BillingGate>{() => <CheckoutResult sessionId={sessionId} />}</BillingGate>
    </>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { CheckCircleIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { requiredSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';

/** The payment provider's return address after checkout; it must name the checkout session. */
export const Route = createFileRoute('/dashboard/settings/billing/success')({
  // A plain function, not zod: validateSearch ships in the entry chunk, and zod would weigh on every page.
  validateSearch: (search: Record<string, unknown>) => ({
    session_id: requiredSearchParam(search.session_id, 'session_id'),
  }),
  head: ({ match }) => pageHead(match.context.config, 'Checkout'),
  component: BillingSuccess,
});

function BillingSuccess() {
  const { session_id: sessionId } = Route.useSearch();
  return (
    <>
      <PageHeader title="Checkout" description={<span className="font-mono text-xs">{sessionId}</span>} />
      <EmptyState
        icon={CheckCircleIcon}
        title="Checkout returned"
        action={
          <Link to="/dashboard/settings/billing/subscription" className={buttonClasses('secondary', 'sm')}>
            Subscription
          </Link>
        }
      >
        Billing arrives with the billing release. This page will then confirm the subscription that the
        checkout session above started; for now nothing has been charged or changed.
      </EmptyState>
    </>
  );
}

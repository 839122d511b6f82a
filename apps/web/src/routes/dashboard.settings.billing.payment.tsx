import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { CardIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/payment')({
  head: ({ match }) => pageHead(match.context.config, 'Payment'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Payment" description="Payment methods for your subscription." />
      <EmptyState icon={CardIcon} title="No payment methods">
        Billing arrives with the billing release; card details will be managed here, through the payment
        provider.
      </EmptyState>
    </>
  );
}

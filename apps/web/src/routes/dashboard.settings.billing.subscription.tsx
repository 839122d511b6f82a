import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { SparkIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/subscription')({
  head: ({ match }) => pageHead(match.context.config, 'Subscription'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Subscription" description="Your plan and what it includes." />
      <EmptyState icon={SparkIcon} title="No subscription">
        Billing arrives with the billing release. Until then there is no plan to choose and nothing to pay.
      </EmptyState>
    </>
  );
}

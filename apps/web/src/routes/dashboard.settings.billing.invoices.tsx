import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { ReceiptIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/billing/invoices')({
  head: ({ match }) => pageHead(match.context.config, 'Invoices'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="Invoices" description="Invoices for your subscription." />
      <EmptyState icon={ReceiptIcon} title="No invoices">
        Invoices will be listed here once billing arrives with the billing release.
      </EmptyState>
    </>
  );
}

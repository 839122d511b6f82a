import type { Invoice } from '@switchboard/api-client/contract';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state';
import { ReceiptIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { shortDate } from '../../components/ui/format';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { safeHref } from '../../lib/safe-href';
import { formatMoney, invoicesQueryOptions } from './billing';

const STATUS: Record<
  NonNullable<Invoice['status']>,
  { label: string; tone: 'neutral' | 'success' | 'danger' }
> = {
  draft: { label: 'Draft', tone: 'neutral' },
  open: { label: 'Due', tone: 'danger' },
  paid: { label: 'Paid', tone: 'success' },
  uncollectible: { label: 'Uncollectible', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
};

const COLUMNS: ReadonlyArray<{ label: string; end?: boolean; hidden?: boolean }> = [
  { label: 'Number' },
  { label: 'Date' },
  { label: 'Amount', end: true },
  { label: 'Status' },
  { label: 'Download', hidden: true },
];

/** The organization's invoices, newest first, a page at a time. */
export function InvoicesPanel() {
  const api = useApi();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, error } = useSuspenseInfiniteQuery(
    invoicesQueryOptions(api),
  );
  const invoices = data.pages.flatMap((page) => page.items);

  if (invoices.length === 0) {
    return (
      <EmptyState icon={ReceiptIcon} title="No invoices yet">
        Each payment of the subscription leaves an invoice here, with its PDF.
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-xs">
        <table aria-label="Invoices" className="w-full text-left text-[13px]">
          <thead className="border-b border-border text-[12px] text-muted-foreground">
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-4 py-2 font-medium', column.end ? 'text-right' : undefined)}
                >
                  {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {invoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="text-[13px] text-danger">
          {describeError(error)}
        </p>
      ) : null}
      {hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const status = invoice.status ? STATUS[invoice.status] : null;
  // A paid invoice shows what was paid; any other what is (or was) due.
  const amount = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;
  const pdf = invoice.pdfUrl ? safeHref(invoice.pdfUrl) : undefined;
  const name = invoice.number ?? 'Draft invoice';
  return (
    <tr aria-label={name}>
      <td className="px-4 py-2.5 font-mono text-[12px] text-foreground">{name}</td>
      <td className="px-4 py-2.5 text-muted-foreground">{shortDate(invoice.createdAt)}</td>
      <td className="px-4 py-2.5 text-right tabular-nums text-foreground">
        {formatMoney(amount, invoice.currency)}
      </td>
      <td className="px-4 py-2.5">{status ? <Badge tone={status.tone}>{status.label}</Badge> : null}</td>
      <td className="px-4 py-2.5 text-right">
        {pdf ? (
          <a
            href={pdf}
            target="_blank"
            rel="noreferrer"
            aria-label={`PDF of ${name}`}
            className="font-medium text-accent hover:underline"
          >
            PDF
          </a>
        ) : null}
      </td>
    </tr>
  );
}

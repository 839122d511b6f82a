import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice } from '../../testing/billing-fixtures';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { InvoicesPanel } from './invoices-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The panel in the dashboard, the server answering the pages of invoices in order. */
function show(...pages: Array<{ items: ReturnType<typeof makeInvoice>[]; nextCursor: string | null }>) {
  const server = fakeApi(...pages.map((page) => ({ status: 200, body: page })));
  renderInDashboard(
    <Suspense fallback="Loading">
      <InvoicesPanel />
    </Suspense>,
  );
  return server;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Invoices' }))
    .getAllByRole('row')
    .slice(1);

describe('InvoicesPanel', () => {
  it('lists number, date, amount with its currency, status and the PDF, in the order given (newest first)', async () => {
    show({
      items: [
        makeInvoice({ id: 'in_2', number: 'SB-0002', createdAt: '2026-11-25T12:00:00.000Z' }),
        makeInvoice({
          id: 'in_1',
          number: 'SB-0001',
          createdAt: '2026-10-25T12:00:00.000Z',
          amountDue: 12_000,
          amountPaid: 0,
          currency: 'eur',
          status: 'open',
          pdfUrl: null,
        }),
      ],
      nextCursor: null,
    });
    await screen.findByRole('table', { name: 'Invoices' });
    const [newest, older] = rows();
    expect(newest?.textContent).toContain('SB-0002');
    expect(newest?.textContent).toContain('$48.00');
    within(newest as HTMLElement).getByText('Paid');
    expect(
      within(newest as HTMLElement)
        .getByRole('link', { name: 'PDF of SB-0002' })
        .getAttribute('href'),
    ).toBe('https://files.stripe.test/in_2.pdf');
    expect(older?.textContent).toContain('€120.00');
    within(older as HTMLElement).getByText('Due');
    expect(within(older as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page after the cursor and adds it below', async () => {
    const server = show(
      { items: [makeInvoice({ id: 'in_3' })], nextCursor: 'in_3' },
      { items: [makeInvoice({ id: 'in_2' })], nextCursor: null },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/v1/billing/invoices',
      '/api/v1/billing/invoices',
    ]);
    expect(server.urls[0]?.searchParams.has('cursor')).toBe(false);
    expect(server.urls[1]?.searchParams.get('cursor')).toBe('in_3');
    expect(rows()[1]?.textContent).toContain('INV-in_2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there are no invoices yet', async () => {
    show({ items: [], nextCursor: null });
    await screen.findByText('No invoices yet');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('never links a PDF address that is not http(s)', async () => {
    show({ items: [makeInvoice({ id: 'in_9', pdfUrl: 'javascript:alert(1)' })], nextCursor: null });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.queryByRole('link')).toBeNull();
  });
});

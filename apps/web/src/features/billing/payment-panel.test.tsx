import type { TypedApi } from '@switchboard/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_TEAM, fakeBillingApi, makeBillingOverview } from '../../testing/billing-fixtures';
import { PaymentPanel } from './payment-panel';

const current = vi.hoisted(() => ({ api: undefined as unknown as TypedApi }));
vi.mock('../../hooks/use-api', () => ({ useApi: () => current.api }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

afterEach(cleanup);

const VISA = { card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } };

function show(
  overview = ACTIVE_TEAM,
  paymentMethod: unknown = VISA,
  portal: unknown = { url: 'https://portal.test/p' },
) {
  const fake = fakeBillingApi({ paymentMethod, portal });
  current.api = fake.api;
  const onRedirect = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback="Loading">
        <PaymentPanel overview={overview} onRedirect={onRedirect} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...fake, onRedirect };
}

describe('PaymentPanel', () => {
  it('shows the card on file: brand, last four and expiry', async () => {
    show();
    const card = await screen.findByRole('region', { name: 'Card on file' });
    expect(card.textContent).toContain('Visa ending in 4242');
    expect(card.textContent).toContain('Expires 04/2030');
  });

  it('opens the billing portal for an owner or admin', async () => {
    const { billing, onRedirect } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage in the billing portal' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://portal.test/p'));
    expect(billing.portal).toHaveBeenCalledOnce();
  });

  it('says there is no card, and during the trial points to upgrading instead of a portal with nothing in it', async () => {
    show(makeBillingOverview(), { card: null });
    await screen.findByText(/No card on file/);
    expect(screen.getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe(
      '/dashboard/settings/billing/subscription',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a member the card without the portal', async () => {
    show({ ...ACTIVE_TEAM, canManage: false });
    await screen.findByRole('region', { name: 'Card on file' });
    expect(screen.getByRole('note').textContent).toMatch(/Only owners and admins change the card/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

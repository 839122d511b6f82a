import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_TEAM, makeBillingOverview } from '../../testing/billing-fixtures';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { PaymentPanel } from './payment-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VISA = { card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } };

function show(
  overview = ACTIVE_TEAM,
  paymentMethod: unknown = VISA,
  portal: unknown = { url: 'https://portal.test/p' },
) {
  // The card is asked for first; the portal only once the button is pressed.
  const server = fakeApi({ status: 200, body: paymentMethod }, { status: 200, body: portal });
  const onRedirect = vi.fn();
  renderInDashboard(
    <Suspense fallback="Loading">
      <PaymentPanel overview={overview} onRedirect={onRedirect} />
    </Suspense>,
  );
  return { server, onRedirect };
}

describe('PaymentPanel', () => {
  it('shows the card on file: brand, last four and expiry', async () => {
    show();
    const card = await screen.findByRole('region', { name: 'Card on file' });
    expect(card.textContent).toContain('Visa ending in 4242');
    expect(card.textContent).toContain('Expires 04/2030');
  });

  it('opens the billing portal for an owner or admin', async () => {
    const { server, onRedirect } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage in the billing portal' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://portal.test/p'));
    expect(server.calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/v1/billing/payment-method',
      'POST /api/v1/billing/portal',
    ]);
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

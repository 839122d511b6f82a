import type { TypedApi } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBillingApi } from '../../testing/billing-fixtures';
import { billingKeys } from './billing';
import { CheckoutResult } from './checkout-result';

const current = vi.hoisted(() => ({ api: undefined as unknown as TypedApi }));
vi.mock('../../hooks/use-api', () => ({ useApi: () => current.api }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

afterEach(cleanup);

const session = (status: 'active' | 'confirming' | 'expired') => ({ id: 'cs_1', status, plan: 'team' });
const notFound = new ApiError({
  status: 404,
  statusText: 'Not Found',
  body: { error: { code: 'NOT_FOUND', message: 'Not found.' } },
});

function show(sessionId: string | undefined, checkoutSession?: unknown) {
  const fake = fakeBillingApi({ checkoutSession });
  current.api = fake.api;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CheckoutResult sessionId={sessionId} />
    </QueryClientProvider>,
  );
  return { ...fake, queryClient };
}

const back = () => screen.getByRole('link', { name: 'Back to the subscription' }).getAttribute('href');

describe('CheckoutResult', () => {
  it('without a session id says there is nothing to confirm, and offers the way back', () => {
    const { billing } = show(undefined);
    screen.getByRole('heading', { name: 'No checkout to confirm' });
    expect(back()).toBe('/dashboard/settings/billing/subscription');
    expect(billing.checkoutSession).not.toHaveBeenCalled();
  });

  it('looks the session up and says when the subscription is active', async () => {
    const { billing } = show('cs_1', session('active'));
    await screen.findByRole('heading', { name: 'Your subscription is active' });
    expect(billing.checkoutSession).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 'cs_1' }));
    expect(screen.getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe(
      '/dashboard/settings/billing/invoices',
    );
  });

  it('says it is confirming until the webhook lands, then turns active without a reload', async () => {
    const { billing, queryClient } = show('cs_1', session('confirming'));
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    expect(screen.getByRole('status').textContent).toMatch(/updates by itself/);

    // What a billing.updated event does: every billing answer is read again.
    billing.checkoutSession.mockResolvedValue(session('active'));
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    await screen.findByRole('heading', { name: 'Your subscription is active' });
  });

  it('marks the plan stale once active, so the trial notice and limits follow', async () => {
    const { queryClient } = show('cs_1', session('active'));
    queryClient.setQueryData(billingKeys.overview(), { stale: 'overview' });
    await screen.findByRole('heading', { name: 'Your subscription is active' });
    await waitFor(() => expect(queryClient.getQueryState(billingKeys.overview())?.isInvalidated).toBe(true));
  });

  it('says an unknown or another organization’s session was not found, with the way back', async () => {
    show('cs_foreign', notFound);
    await screen.findByRole('heading', { name: 'This checkout was not found' });
    screen.getByText(/belongs to another organization/);
    expect(back()).toBe('/dashboard/settings/billing/subscription');
  });

  it('says an expired checkout charged nothing', async () => {
    show('cs_1', session('expired'));
    await screen.findByRole('heading', { name: 'This checkout expired' });
    screen.getByText(/nothing was charged/);
  });

  it('offers to try again when the lookup failed for another reason', async () => {
    const refused = new ApiError({
      status: 409,
      statusText: 'Conflict',
      body: { error: { code: 'BILLING_DISABLED', message: 'Billing is off on this installation.' } },
    });
    show('cs_1', refused);
    await screen.findByRole('heading', { name: 'The checkout could not be checked' });
    screen.getByText('Billing is off on this installation.');
    screen.getByRole('button', { name: 'Try again' });
  });
});

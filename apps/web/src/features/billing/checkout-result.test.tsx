import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { billingKeys } from './billing';
import { CheckoutResult } from './checkout-result';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (status: 'active' | 'confirming' | 'expired'): FakeAnswer => ({
  status: 200,
  body: { id: 'cs_1', status, plan: 'team' },
});
const notFound: FakeAnswer = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };

/** The page in the dashboard, the server answering the checkout session's lookup with `answer`. */
function show(sessionId: string | undefined, answer: FakeAnswer = session('active')) {
  const server = fakeApi(answer);
  const { queryClient } = renderInDashboard(<CheckoutResult sessionId={sessionId} />);
  return { server, queryClient };
}

const back = () => screen.getByRole('link', { name: 'Back to the subscription' }).getAttribute('href');

describe('CheckoutResult', () => {
  it('without a session id says there is nothing to confirm, and offers the way back', async () => {
    const { server } = show(undefined);
    await screen.findByRole('heading', { name: 'No checkout to confirm' });
    expect(back()).toBe('/dashboard/settings/billing/subscription');
    expect(server.calls).toEqual([]);
  });

  it('looks the session up and says when the subscription is active', async () => {
    const { server } = show('cs_1', session('active'));
    await screen.findByRole('heading', { name: 'Your subscription is active' });
    expect(server.calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/billing/checkout-sessions/cs_1' });
    expect(screen.getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe(
      '/dashboard/settings/billing/invoices',
    );
  });

  it('says it is confirming until the webhook lands, then turns active without a reload', async () => {
    const { server, queryClient } = show('cs_1', session('confirming'));
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    expect(screen.getByRole('status').textContent).toMatch(/updates by itself/);

    // What a billing.updated event does: every billing answer is read again.
    server.answerFromNow(session('active'));
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
    show('cs_1', {
      status: 409,
      body: { error: { code: 'BILLING_DISABLED', message: 'Billing is off on this installation.' } },
    });
    await screen.findByRole('heading', { name: 'The checkout could not be checked' });
    screen.getByText('Billing is off on this installation.');
    screen.getByRole('button', { name: 'Try again' });
  });
});

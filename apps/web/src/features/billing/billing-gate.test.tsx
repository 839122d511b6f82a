import { cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_OFF, makeBillingOverview } from '../../testing/billing-fixtures';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { BillingGate } from './billing-gate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The gate in the dashboard, in the test session's organization, with the server answering `overview`. */
function show(overview: unknown) {
  const server = fakeApi({ status: 200, body: overview });
  renderInDashboard(
    <Suspense fallback="Loading">
      <BillingGate>{(loaded) => <p>Plan: {loaded.planName}</p>}</BillingGate>
    </Suspense>,
  );
  return server;
}

describe('BillingGate', () => {
  it('without billing says plainly that there is none, with nothing to click', async () => {
    const server = show(BILLING_OFF);
    await screen.findByRole('heading', { name: 'Billing is not enabled' });
    screen.getByText(/no plans, no limits and nothing to pay/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Plan:/)).toBeNull();
    expect(server.calls).toEqual([{ method: 'GET', path: '/api/v1/billing', body: undefined }]);
  });

  it('with billing shows the page with the overview', async () => {
    show(makeBillingOverview({ planName: 'Team' }));
    await screen.findByText('Plan: Team');
    expect(screen.queryByText('Billing is not enabled')).toBeNull();
  });
});

import type { TypedApi } from '@switchboard/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_OFF, fakeBillingApi, makeBillingOverview } from '../../testing/billing-fixtures';
import { BillingGate } from './billing-gate';

const current = vi.hoisted(() => ({ api: undefined as unknown as TypedApi }));
vi.mock('../../hooks/use-api', () => ({ useApi: () => current.api }));
vi.mock('../settings/use-organization', () => ({
  OrganizationGate: ({ children }: { children: (organizationId: string) => ReactNode }) => children('o1'),
}));

afterEach(cleanup);

function show(overview: unknown) {
  const fake = fakeBillingApi({ get: overview });
  current.api = fake.api;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback="Loading">
        <BillingGate>{(loaded) => <p>Plan: {loaded.planName}</p>}</BillingGate>
      </Suspense>
    </QueryClientProvider>,
  );
  return fake;
}

describe('BillingGate', () => {
  it('without billing says plainly that there is none, with nothing to click', async () => {
    show(BILLING_OFF);
    await screen.findByRole('heading', { name: 'Billing is not enabled' });
    screen.getByText(/no plans, no limits and nothing to pay/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Plan:/)).toBeNull();
  });

  it('with billing shows the page with the overview', async () => {
    show(makeBillingOverview({ planName: 'Team' }));
    await screen.findByText('Plan: Team');
    expect(screen.queryByText('Billing is not enabled')).toBeNull();
  });
});

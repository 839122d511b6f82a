import type { TypedApi } from '@switchboard/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVE_TEAM,
  BILLING_OFF,
  fakeBillingApi,
  makeBillingOverview,
} from '../../testing/billing-fixtures';
import { TrialNotice } from './trial-notice';

const current = vi.hoisted(() => ({
  api: undefined as unknown as TypedApi,
  organizationId: 'o1' as string | null,
}));
vi.mock('../../hooks/use-api', () => ({ useApi: () => current.api }));
vi.mock('../../hooks/use-active-organization', () => ({
  useActiveOrganizationId: () => current.organizationId,
}));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

afterEach(cleanup);

function show(overview: unknown, organizationId: string | null = 'o1') {
  const fake = fakeBillingApi({ get: overview });
  current.api = fake.api;
  current.organizationId = organizationId;
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TrialNotice />
    </QueryClientProvider>,
  );
  return { ...fake, view };
}

describe('TrialNotice', () => {
  it('shows the days left of a running trial, linking to the subscription', async () => {
    show(makeBillingOverview({ trialDaysLeft: 3 }));
    const link = await screen.findByRole('link', { name: /Team trial.*3 days left/ });
    expect(link.getAttribute('href')).toBe('/dashboard/settings/billing/subscription');
  });

  it('shows nothing with a subscription, without billing, or without an organization', async () => {
    for (const [overview, organizationId] of [
      [ACTIVE_TEAM, 'o1'],
      [BILLING_OFF, 'o1'],
      [makeBillingOverview(), null],
    ] as const) {
      const { billing, view } = show(overview, organizationId);
      if (organizationId) await vi.waitFor(() => expect(billing.get).toHaveBeenCalled());
      else expect(billing.get).not.toHaveBeenCalled();
      expect(view.container.textContent).toBe('');
      cleanup();
    }
  });
});

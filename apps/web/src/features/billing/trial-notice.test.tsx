import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/session';
import { ACTIVE_TEAM, BILLING_OFF, makeBillingOverview } from '../../testing/billing-fixtures';
import { fakeApi, renderInDashboard, TEST_SESSION, testQueryClient } from '../../testing/render-in-dashboard';
import { TrialNotice } from './trial-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The notice on a dashboard page, the server answering `overview`, in the test session's organization
 * or in none. Returns once the page has rendered, so "nothing shows" is read from a page that is there.
 */
async function show(overview: unknown, organizationId: string | null = 'o1') {
  const server = fakeApi({ status: 200, body: overview });
  const queryClient = testQueryClient();
  queryClient.setQueryData(sessionQueryKey, {
    ...TEST_SESSION,
    session: { ...TEST_SESSION.session, activeOrganizationId: organizationId },
  });
  const view = renderInDashboard(
    <>
      <TrialNotice />
      <p>The page</p>
    </>,
    { queryClient },
  );
  await screen.findByText('The page');
  return { server, view };
}

describe('TrialNotice', () => {
  it('shows the days left of a running trial, linking to the subscription', async () => {
    await show(makeBillingOverview({ trialDaysLeft: 3 }));
    const link = await screen.findByRole('link', { name: /Team trial.*3 days left/ });
    expect(link.getAttribute('href')).toBe('/dashboard/settings/billing/subscription');
  });

  it('shows nothing with a subscription, without billing, or without an organization', async () => {
    for (const [overview, organizationId] of [
      [ACTIVE_TEAM, 'o1'],
      [BILLING_OFF, 'o1'],
      [makeBillingOverview(), null],
    ] as const) {
      const { server, view } = await show(overview, organizationId);
      if (organizationId) await vi.waitFor(() => expect(server.calls).toHaveLength(1));
      else expect(server.calls).toEqual([]);
      expect(view.container.textContent).toBe('The page');
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

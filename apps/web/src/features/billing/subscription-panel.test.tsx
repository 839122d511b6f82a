import type { TypedApi } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_TEAM, fakeBillingApi, makeBillingOverview } from '../../testing/billing-fixtures';
import { billingKeys } from './billing';
import { SubscriptionPanel } from './subscription-panel';

const current = vi.hoisted(() => ({ api: undefined as unknown as TypedApi }));
vi.mock('../../hooks/use-api', () => ({ useApi: () => current.api }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

beforeEach(() => {
  // jsdom has no showModal: the confirm dialog opens by its attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function show(overview = makeBillingOverview(), answers: Parameters<typeof fakeBillingApi>[0] = {}) {
  const fake = fakeBillingApi(answers);
  current.api = fake.api;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(billingKeys.overview(), overview);
  const onRedirect = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SubscriptionPanel overview={overview} onRedirect={onRedirect} />
    </QueryClientProvider>,
  );
  return { ...fake, queryClient, onRedirect, view };
}

const facts = () => within(screen.getByLabelText('Plan', { selector: 'dl' }));

describe('SubscriptionPanel during the trial', () => {
  it('shows the plan, its status and the days left, and the usage', () => {
    show();
    facts().getByText('Team');
    facts().getByText('Trial', { selector: 'span' });
    facts().getByText(/12 days left/);
    const usage = within(screen.getByLabelText('Usage', { selector: 'dl' }));
    usage.getByText('2 (unlimited)');
    usage.getByText('4');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('upgrades monthly or yearly by sending the browser to the checkout page', async () => {
    const { billing, onRedirect } = show(makeBillingOverview(), {
      checkout: { url: 'https://checkout.stripe.test/c/cs_1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade yearly' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(billing.checkout).toHaveBeenCalledWith({ body: { plan: 'team', annual: true } });
    // The page is leaving: no second checkout meanwhile.
    expect(screen.getByRole('button', { name: 'Upgrade monthly' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts a monthly checkout from the monthly button', async () => {
    const { billing, onRedirect } = show(makeBillingOverview(), { checkout: { url: 'https://c.test/m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade monthly' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://c.test/m'));
    expect(billing.checkout).toHaveBeenCalledWith({ body: { plan: 'team', annual: false } });
  });

  it('has no actions row when no price is configured yet', () => {
    show(makeBillingOverview({ prices: { monthly: false, annual: false } }));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('offers only the interval that has a price', () => {
    show(makeBillingOverview({ prices: { monthly: true, annual: false } }));
    screen.getByRole('button', { name: 'Upgrade monthly' });
    expect(screen.queryByRole('button', { name: 'Upgrade yearly' })).toBeNull();
  });

  it('says why a checkout could not start, and stays', async () => {
    const refused = new ApiError({
      status: 403,
      statusText: 'Forbidden',
      body: { error: { code: 'FORBIDDEN', message: 'Only owners and admins manage billing.' } },
    });
    const { onRedirect } = show(makeBillingOverview(), { checkout: refused });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade monthly' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Only owners and admins manage billing.'));
    expect(onRedirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upgrade monthly' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('SubscriptionPanel with a subscription', () => {
  it('shows seats, the interval and the renewal day, and no upgrade', () => {
    show(ACTIVE_TEAM);
    facts().getByText('Active');
    expect(facts().getByText('Seats').nextElementSibling?.textContent).toBe('4');
    facts().getByText('Monthly');
    facts().getByText('Renews on');
    expect(facts().queryByText('Trial')).toBeNull();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });

  it('cancels at the period’s end after a confirmation, then offers to resume', async () => {
    const canceled = { ...ACTIVE_TEAM, cancelAtPeriodEnd: true };
    const { billing, queryClient, view } = show(ACTIVE_TEAM, { cancel: canceled });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the subscription?' });
    expect(dialog.textContent).toMatch(/nothing is deleted/);
    expect(billing.cancel).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(billing.cancel).toHaveBeenCalledOnce());
    await waitFor(() => expect(queryClient.getQueryData(billingKeys.overview())).toEqual(canceled));
    expect(toasts.success).toHaveBeenCalled();

    view.rerender(
      <QueryClientProvider client={queryClient}>
        <SubscriptionPanel overview={canceled} />
      </QueryClientProvider>,
    );
    facts().getByText('Ends on');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    screen.getByRole('button', { name: 'Resume subscription' });
  });

  it('resumes a canceled subscription', async () => {
    const canceled = { ...ACTIVE_TEAM, cancelAtPeriodEnd: true };
    const { billing, queryClient } = show(canceled, { restore: ACTIVE_TEAM });
    screen.getByText(/The subscription ends on/);
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(billing.restore).toHaveBeenCalledOnce());
    await waitFor(() => expect(queryClient.getQueryData(billingKeys.overview())).toEqual(ACTIVE_TEAM));
  });

  it('points to the payment page when the last payment failed', () => {
    show({ ...ACTIVE_TEAM, status: 'past_due' });
    facts().getByText('Payment overdue');
    expect(screen.getByRole('link', { name: 'Update the card' }).getAttribute('href')).toBe(
      '/dashboard/settings/billing/payment',
    );
  });
});

describe('SubscriptionPanel after the trial or a subscription ended', () => {
  it('offers the upgrade again on the Free plan, with its limits, and no resume for what has ended', () => {
    show({
      ...ACTIVE_TEAM,
      plan: 'free',
      planName: 'Free',
      status: 'canceled',
      cancelAtPeriodEnd: true,
      limits: { projects: 1, agentProfiles: 2 },
      usage: { projects: 3, agentProfiles: 1, members: 2 },
    });
    facts().getByText('Free');
    facts().getByText('Ended on');
    expect(facts().queryByText('Seats')).toBeNull();
    within(screen.getByLabelText('Usage', { selector: 'dl' })).getByText('3 of 1');
    screen.getByRole('button', { name: 'Upgrade monthly' });
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});

describe('SubscriptionPanel for a member', () => {
  it('shows the same facts read-only, and says who may change them', () => {
    show({ ...ACTIVE_TEAM, canManage: false });
    facts().getByText('Team');
    expect(screen.getByRole('note').textContent).toMatch(/Only owners and admins change the plan/);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('has no upgrade for a member during the trial either', () => {
    show(makeBillingOverview({ canManage: false }));
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });
});

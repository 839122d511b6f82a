import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../testing/api-fixtures';
import {
  ACTIVE_TEAM,
  BILLING_OFF,
  fakeBillingApi,
  makeBillingOverview,
} from '../../testing/billing-fixtures';
import { applyChange } from '../realtime/realtime';
import {
  billingKeys,
  CHECKOUT_POLL_MS,
  canUpgrade,
  cardBrandName,
  cardExpiry,
  checkoutPollInterval,
  formatMoney,
  hasSubscription,
  INVOICES_PAGE_SIZE,
  invoicesQueryOptions,
  runningTrialDays,
  trialDaysText,
  usageText,
} from './billing';

describe('formatMoney', () => {
  it('turns the smallest unit into the currency’s own decimals', () => {
    expect(formatMoney(4800, 'usd', 'en-US')).toBe('$48.00');
    expect(formatMoney(1999, 'eur', 'en-US')).toBe('€19.99');
    // Yen have no cents: 500 is ¥500, not ¥5.
    expect(formatMoney(500, 'jpy', 'en-US')).toBe('¥500');
  });

  it('names an unknown currency by its code instead of failing', () => {
    expect(formatMoney(1234, 'x1', 'en-US')).toBe('12.34 X1');
  });
});

describe('the trial', () => {
  it('counts the days left, and says so on the last one', () => {
    expect(trialDaysText(12)).toBe('12 days left');
    expect(trialDaysText(1)).toBe('1 day left');
    expect(trialDaysText(0)).toBe('Ends today');
  });

  it('is shown only while it runs on an installation that bills', () => {
    expect(runningTrialDays(makeBillingOverview({ trialDaysLeft: 5 }))).toBe(5);
    expect(runningTrialDays(ACTIVE_TEAM)).toBeNull();
    expect(runningTrialDays(BILLING_OFF)).toBeNull();
    expect(runningTrialDays(undefined)).toBeNull();
  });
});

describe('what the plan allows to do', () => {
  it('offers upgrading during the app’s own trial and on the free plan, not with a subscription', () => {
    expect(canUpgrade(makeBillingOverview())).toBe(true);
    expect(canUpgrade(makeBillingOverview({ plan: 'free', planName: 'Free', status: 'none' }))).toBe(true);
    expect(canUpgrade(ACTIVE_TEAM)).toBe(false);
    expect(canUpgrade(BILLING_OFF)).toBe(false);
  });

  it('offers upgrading only when a price is configured', () => {
    expect(canUpgrade(makeBillingOverview({ prices: { monthly: false, annual: false } }))).toBe(false);
    expect(canUpgrade(makeBillingOverview({ prices: { monthly: false, annual: true } }))).toBe(true);
  });

  it('knows a subscription by its paid period, until it is canceled', () => {
    expect(hasSubscription(ACTIVE_TEAM)).toBe(true);
    expect(hasSubscription(makeBillingOverview())).toBe(false);
    expect(hasSubscription({ ...ACTIVE_TEAM, status: 'canceled' })).toBe(false);
    // A trial Stripe runs (with a card) is a subscription too.
    expect(hasSubscription({ ...ACTIVE_TEAM, status: 'trialing' })).toBe(true);
  });
});

describe('words', () => {
  it('writes usage against limits, and unlimited where there is none', () => {
    expect(usageText(1, 1)).toBe('1 of 1');
    expect(usageText(7, null)).toBe('7 (unlimited)');
  });

  it('names cards and their expiry', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('newbrand')).toBe('Newbrand');
    expect(cardExpiry(4, 2030)).toBe('04/2030');
  });
});

describe('queries', () => {
  it('asks for the next invoices after the last page’s cursor, and stops without one', async () => {
    const { api, billing } = fakeBillingApi({ invoices: { items: [], nextCursor: null } });
    const options = invoicesQueryOptions(api);
    expect(options.getNextPageParam({ items: [], nextCursor: 'in_2' }, [], undefined, [])).toBe('in_2');
    expect(options.getNextPageParam({ items: [], nextCursor: null }, [], undefined, [])).toBeUndefined();

    const queryClient = new QueryClient();
    await queryClient.fetchInfiniteQuery(options);
    expect(billing.invoices).toHaveBeenCalledWith(
      expect.objectContaining({ query: { cursor: undefined, limit: INVOICES_PAGE_SIZE } }),
    );
  });

  it('asks again about a checkout session every two seconds while it is confirming, and stops after', () => {
    const session = (status: 'active' | 'confirming' | 'expired') => ({
      id: 'cs_1',
      status,
      plan: 'team' as const,
    });
    expect(checkoutPollInterval(session('confirming'))).toBe(CHECKOUT_POLL_MS);
    expect(checkoutPollInterval(session('active'))).toBe(false);
    expect(checkoutPollInterval(session('expired'))).toBe(false);
    expect(checkoutPollInterval(undefined)).toBe(false);
  });
});

describe('the billing.updated event', () => {
  it('marks every billing answer stale, so open pages read the plan again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(billingKeys.overview(), makeBillingOverview());
    queryClient.setQueryData(billingKeys.checkoutSession('cs_1'), { id: 'cs_1', status: 'confirming' });
    queryClient.setQueryData<InfiniteData<unknown>>(billingKeys.invoices(), { pages: [], pageParams: [] });

    applyChange(
      queryClient,
      makeEvent({
        id: '9',
        action: 'billing.updated',
        projectId: null,
        entity: 'organization',
        entityId: 'o1',
        data: { plan: 'team', status: 'active', cancelAtPeriodEnd: false },
      }),
    );

    for (const queryKey of [
      billingKeys.overview(),
      billingKeys.checkoutSession('cs_1'),
      billingKeys.invoices(),
    ]) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    }
  });
});

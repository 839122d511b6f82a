import type { TypedApi } from '@switchboard/api-client';
import type {
  BillingOverview,
  BillingStatus,
  CheckoutSession,
  InvoicePage,
  PaymentMethod,
  RealtimeEvent,
} from '@switchboard/api-client/contract';
import type { AuthSession } from '@switchboard/auth/client';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiFor, retryUnlessClientError } from '../../lib/api';
import { loadActiveOrganization } from '../../lib/organization';
import type { SessionClients } from '../../lib/session';
import type { RouterContext } from '../../router-context';

/**
 * Billing: the organization's plan, its card and invoices, and the checkout sessions the success page
 * looks up. Every key starts with 'billing', so a `billing.updated` event or a cancel refreshes them all.
 */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => ['billing', 'overview'] as const,
  paymentMethod: () => ['billing', 'payment-method'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  checkoutSession: (sessionId: string) => ['billing', 'checkout-session', sessionId] as const,
};

export function applyBillingChange(queryClient: QueryClient, event: RealtimeEvent): void {
  // The event says only what changed; the plan, its limits, the card and invoices are read again.
  if (event.action === 'billing.updated') void queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

/** Plan, status, trial, limits and usage; `enabled: false` on an installation without billing. */
export const billingOverviewQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }): Promise<BillingOverview> => api.billing.get({ signal }),
    retry: retryUnlessClientError,
  });

/**
 * For the billing pages' loaders: the overview of the active organization, or null without one (the
 * page then offers to create one).
 */
export async function loadBillingOverview(
  context: SessionClients & Pick<RouterContext, 'config'> & { session: AuthSession | null },
): Promise<BillingOverview | null> {
  if (!(await loadActiveOrganization(context, context.session))) return null;
  return context.queryClient.ensureQueryData(billingOverviewQueryOptions(apiFor(context.config)));
}

export const paymentMethodQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: billingKeys.paymentMethod(),
    queryFn: ({ signal }): Promise<PaymentMethod> => api.billing.paymentMethod({ signal }),
    retry: retryUnlessClientError,
  });

/** Invoices per page; "Load more" asks for the next one. */
export const INVOICES_PAGE_SIZE = 10;

/** Newest first, one page at a time, each page starting after the cursor the previous one gave. */
export const invoicesQueryOptions = (api: TypedApi) =>
  infiniteQueryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: ({ signal, pageParam }): Promise<InvoicePage> =>
      api.billing.invoices({ signal, query: { cursor: pageParam, limit: INVOICES_PAGE_SIZE } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: retryUnlessClientError,
  });

/** While the payment's webhook has not landed, the success page asks again this often. */
export const CHECKOUT_POLL_MS = 2_000;

/**
 * One checkout session of this organization. It is asked again every two seconds while `confirming`,
 * so the page turns to "active" even when the realtime stream is not connected; an unknown or foreign
 * session is a 404, which is final.
 */
export const checkoutSessionQueryOptions = (api: TypedApi, sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkoutSession(sessionId),
    queryFn: ({ signal }): Promise<CheckoutSession> => api.billing.checkoutSession({ sessionId, signal }),
    refetchInterval: (query) => checkoutPollInterval(query.state.data),
    retry: retryUnlessClientError,
  });

/** How soon to ask again about a checkout session: only while it is confirming. */
export function checkoutPollInterval(session: CheckoutSession | undefined): number | false {
  return session?.status === 'confirming' ? CHECKOUT_POLL_MS : false;
}

/** Starts Stripe Checkout for the Team plan; resolves to the page to send the browser to. */
export async function startCheckout(api: TypedApi, annual: boolean): Promise<string> {
  return (await api.billing.checkout({ body: { plan: 'team', annual } })).url;
}

/** Resolves to the Stripe billing portal's page for this organization. */
export async function openBillingPortal(api: TypedApi): Promise<string> {
  return (await api.billing.portal()).url;
}

export function cancelSubscription(api: TypedApi): Promise<BillingOverview> {
  return api.billing.cancel();
}

export function restoreSubscription(api: TypedApi): Promise<BillingOverview> {
  return api.billing.restore();
}

/** Leaves the app for a page of the payment provider (Checkout, the billing portal). */
export function leaveFor(url: string): void {
  globalThis.location.assign(url);
}

// ── Words ──

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  none: 'No subscription',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
  incomplete: 'Payment incomplete',
  unpaid: 'Unpaid',
};

export type StatusTone = 'neutral' | 'accent' | 'success' | 'danger';

export const BILLING_STATUS_TONES: Record<BillingStatus, StatusTone> = {
  none: 'neutral',
  trialing: 'accent',
  active: 'success',
  past_due: 'danger',
  canceled: 'neutral',
  incomplete: 'danger',
  unpaid: 'danger',
};

/** '12 days left', '1 day left', 'Ends today'. */
export function trialDaysText(days: number): string {
  if (days <= 0) return 'Ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** The trial is shown only while it runs, on an installation that bills. */
export function runningTrialDays(overview: BillingOverview | undefined): number | null {
  if (!overview?.enabled || overview.status !== 'trialing') return null;
  return overview.trialDaysLeft;
}

/**
 * Whether Stripe holds a subscription for the organization, which can then be canceled or restored.
 * A trial the app grants by itself has no paid period; a subscription always has one.
 */
export function hasSubscription(overview: BillingOverview): boolean {
  return overview.periodEnd !== null && overview.status !== 'canceled' && overview.status !== 'none';
}

/** Upgrading is offered until a subscription exists, and again once one has ended. */
export function canUpgrade(overview: BillingOverview): boolean {
  return (
    overview.enabled && !hasSubscription(overview) && (overview.prices.monthly || overview.prices.annual)
  );
}

/** 'Unlimited', or '1 of 2' style usage against a limit. */
export function usageText(used: number, limit: number | null): string {
  return limit === null ? `${used} (unlimited)` : `${used} of ${limit}`;
}

/**
 * An amount in the currency's smallest unit, formatted: 1999 'usd' → '$19.99', 500 'jpy' → '¥500'.
 * The currency's own number of decimals comes from Intl, so currencies without cents come out right.
 */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** decimals);
  } catch {
    // An unknown currency code: the amount as it is, named by its code.
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}

/** 'Visa ending in 4242' */
export function cardBrandName(brand: string): string {
  const known: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
  };
  return known[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** '04/2030' */
export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

import Stripe from 'stripe';
import { type FormObject, list, object, text } from './fake-stripe-form';
import { nowSeconds, stripeId } from './fake-stripe-http';
import type { Json, PriceInterval } from './fake-stripe-state';

/** The Stripe objects the fake hands out, shaped as the SDK and the better-auth plugin read them. */

export interface LineItem {
  price: string;
  quantity: number;
}

export type PriceObject = Json & {
  unit_amount: number;
  recurring: { interval: PriceInterval; interval_count: number; usage_type: string };
};

const UNIT_AMOUNT = { month: 1200, year: 12_000 } as const;
const PERIOD_DAYS = { month: 30, year: 365 } as const;
const DAY_SECONDS = 24 * 60 * 60;

export function listOf(data: Json[], url: string, hasMore = false) {
  return { object: 'list', data, has_more: hasMore, url };
}

export function priceObject(prices: Record<string, PriceInterval>, priceId: string): PriceObject | undefined {
  const interval = prices[priceId];
  if (!interval) return undefined;
  return {
    id: priceId,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: UNIT_AMOUNT[interval],
    type: 'recurring',
    lookup_key: null,
    recurring: { interval, interval_count: 1, usage_type: 'licensed' },
  };
}

/** A copy of the object as it is now, so later changes don't rewrite an event already sent. */
export const eventObject = (type: string, data: Json): Json => ({
  id: stripeId('evt'),
  object: 'event',
  type,
  api_version: Stripe.API_VERSION,
  created: nowSeconds(),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object: structuredClone(data) },
});

export const customerObject = (body: FormObject) => ({
  id: stripeId('cus'),
  object: 'customer',
  name: text(body.name) ?? null,
  email: text(body.email) ?? null,
  metadata: object(body.metadata),
  invoice_settings: { default_payment_method: null },
  created: nowSeconds(),
});

/**
 * An open session. It keeps what was asked for (`line_items_input`, `subscription_data`) for the Pay
 * button to build the subscription from; `publicSession` hides those, as Stripe never returns them.
 */
export function checkoutSessionObject(body: FormObject, baseUrl: string) {
  const sessionId = stripeId('cs_test');
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: text(body.mode) ?? 'subscription',
    customer: text(body.customer) ?? null,
    client_reference_id: text(body.client_reference_id) ?? null,
    metadata: object(body.metadata),
    line_items_input: list(body.line_items).map(
      (item): LineItem => ({
        price: text(object(item).price) as string,
        quantity: Number(text(object(item).quantity) ?? 1),
      }),
    ),
    subscription_data: object(body.subscription_data),
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    success_url: text(body.success_url),
    cancel_url: text(body.cancel_url),
    url: `${baseUrl}/checkout/${sessionId}`,
    created: nowSeconds(),
  };
}

export function publicSession(session: Json): Json {
  const { line_items_input: _items, subscription_data: _data, ...rest } = session;
  return rest;
}

export const lineItemsOf = (session: Json) => session.line_items_input as LineItem[];

export const testCardObject = (customerId: string) => ({
  id: stripeId('pm'),
  object: 'payment_method',
  type: 'card',
  customer: customerId,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
});

export function subscriptionItemObject(price: PriceObject, quantity: number, start: number) {
  return {
    id: stripeId('si'),
    object: 'subscription_item',
    price,
    quantity,
    current_period_start: start,
    current_period_end: start + PERIOD_DAYS[price.recurring.interval] * DAY_SECONDS,
  };
}

export type SubscriptionItem = ReturnType<typeof subscriptionItemObject>;

export interface NewSubscription {
  customerId: string;
  items: SubscriptionItem[];
  metadata: FormObject;
  paymentMethodId: string;
  start: number;
}

export const subscriptionObject = (created: NewSubscription) => ({
  id: stripeId('sub'),
  object: 'subscription',
  customer: created.customerId,
  status: 'active',
  items: listOf(created.items, '/v1/subscription_items'),
  metadata: created.metadata,
  cancel_at_period_end: false,
  cancel_at: null,
  canceled_at: null,
  ended_at: null,
  trial_start: null,
  trial_end: null,
  schedule: null,
  default_payment_method: created.paymentMethodId,
  created: created.start,
});

export interface PaidInvoice {
  /** Counts the account's invoices, so numbers read FAKE-0001, FAKE-0002 … */
  sequence: number;
  customerId: string;
  subscriptionId: string;
  amount: number;
  created: number;
  baseUrl: string;
}

export function paidInvoiceObject(paid: PaidInvoice) {
  const invoiceId = stripeId('in');
  return {
    id: invoiceId,
    object: 'invoice',
    number: `FAKE-${String(paid.sequence).padStart(4, '0')}`,
    customer: paid.customerId,
    subscription: paid.subscriptionId,
    created: paid.created,
    amount_due: paid.amount,
    amount_paid: paid.amount,
    currency: 'usd',
    status: 'paid',
    invoice_pdf: `${paid.baseUrl}/invoices/${invoiceId}.pdf`,
    hosted_invoice_url: `${paid.baseUrl}/invoices/${invoiceId}`,
  };
}

export function portalSessionObject(body: FormObject, baseUrl: string) {
  const portalId = stripeId('bps');
  const returnUrl = text(body.return_url);
  return {
    id: portalId,
    object: 'billing_portal.session',
    customer: text(body.customer),
    return_url: returnUrl,
    url: `${baseUrl}/portal/${portalId}?return_url=${encodeURIComponent(returnUrl ?? '')}`,
  };
}

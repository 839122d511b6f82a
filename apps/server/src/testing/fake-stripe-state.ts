import type { FormObject } from './fake-stripe-form';

/** A Stripe object as the fake keeps it: plain JSON, changed in place as Stripe's would be. */
export type Json = Record<string, unknown>;

export type PriceInterval = 'month' | 'year';

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: FormObject;
}

export interface WebhookDelivery {
  event: Json;
  status: number;
}

/**
 * Everything one fake Stripe remembers, in one place, so the API routes, the hosted pages and the
 * webhook sender all read and change the same account.
 */
export interface FakeStripeState {
  /** The fake's own address; known once it listens, and written into the URLs it hands out. */
  url: string;
  prices: Record<string, PriceInterval>;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Newest first, as Stripe lists them. */
  invoices: Json[];
  paymentMethods: Map<string, Json>;
  requests: FakeStripeRequest[];
  deliveries: WebhookDelivery[];
  webhookUrl: string | undefined;
  holdWebhooks: boolean;
  /** Events waiting while `holdWebhooks` is on. */
  held: Json[];
  /** Webhook sends still running after their API answer went out. */
  background: Set<Promise<unknown>>;
}

export function createFakeStripeState(
  prices: Record<string, PriceInterval>,
  webhookUrl: string | undefined,
): FakeStripeState {
  return {
    url: '',
    prices,
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: [],
    paymentMethods: new Map(),
    requests: [],
    deliveries: [],
    webhookUrl,
    holdWebhooks: false,
    held: [],
    background: new Set(),
  };
}

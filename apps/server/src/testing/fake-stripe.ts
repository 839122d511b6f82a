import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerApi } from './fake-stripe-api';
import { payCheckoutSession } from './fake-stripe-checkout';
import { sendJson } from './fake-stripe-http';
import { answerPage } from './fake-stripe-pages';
import {
  createFakeStripeState,
  type FakeStripeRequest,
  type Json,
  type PriceInterval,
  type WebhookDelivery,
} from './fake-stripe-state';
import { createWebhookSender } from './fake-stripe-webhooks';

export type { FakeStripeRequest } from './fake-stripe-state';

export interface FakeStripeOptions {
  /** Where the fake sends its signed webhooks: the app's /api/v1/auth/stripe/webhook. */
  webhookUrl?: string;
  webhookSecret: string;
  /** The prices it knows, by id, with their billing interval. */
  prices: Record<string, PriceInterval>;
  /** @default 0 (any free port) */
  port?: number;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, ready for STRIPE_API_BASE. */
  url: string;
  /** Every API call the fake answered (its pages not included), in order. */
  requests: FakeStripeRequest[];
  /** Every webhook it delivered, with the app's answer. */
  deliveries: WebhookDelivery[];
  webhookUrl: string | undefined;
  /** While true, webhooks wait (the payment is "confirming") until `releaseWebhooks`. */
  holdWebhooks: boolean;
  releaseWebhooks(): Promise<void>;
  /** Pays an open checkout session as its page's button does; answers where the browser goes next. */
  pay(sessionId: string): Promise<string>;
  /** Signs a payload with the webhook secret and posts it to the app, as Stripe would. */
  deliver(event: Json, signature?: string): Promise<number>;
  /** Waits for webhooks sent in the background (after a subscription update). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real stripe SDK talks to (STRIPE_API_BASE sets
 * its protocol, host and port): form-encoded requests, Stripe's JSON objects and list envelopes, for
 * exactly what the better-auth plugin and our billing routes call. Its hosted pages stand in for
 * Checkout (a Pay button: subscription, invoice and card made, signed webhooks sent, back to the
 * success URL) and the billing portal (a link back).
 */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const state = createFakeStripeState(options.prices, options.webhookUrl);
  const webhooks = createWebhookSender(state, options.webhookSecret);
  const pay = (sessionId: string) => payCheckoutSession(state, webhooks, sessionId);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const answer = url.pathname.startsWith('/v1/')
      ? answerApi(state, webhooks, request, response, url)
      : answerPage(state, pay, request, response, url);
    answer.catch((error: unknown) => {
      console.error('[fake-stripe]', error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.url,
    requests: state.requests,
    deliveries: state.deliveries,
    // Tests switch these on the fake; the sender reads them from the state at each send.
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(value) {
      state.webhookUrl = value;
    },
    get holdWebhooks() {
      return state.holdWebhooks;
    },
    set holdWebhooks(value) {
      state.holdWebhooks = value;
    },
    releaseWebhooks: webhooks.releaseHeld,
    pay,
    deliver: webhooks.deliver,
    settled: webhooks.settled,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

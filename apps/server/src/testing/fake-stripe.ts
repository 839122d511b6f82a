import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FormObject, list, object, parseStripeForm, text } from './fake-stripe-form';

type Json = Record<string, unknown>;

export interface FakeStripeOptions {
  /** Where the fake sends its signed webhooks: the app's /api/v1/auth/stripe/webhook. */
  webhookUrl?: string;
  webhookSecret: string;
  /** The prices it knows, by id, with their billing interval. */
  prices: Record<string, 'month' | 'year'>;
  /** @default 0 (any free port) */
  port?: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: FormObject;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, ready for STRIPE_API_BASE. */
  url: string;
  /** Every API call the fake answered (its pages not included), in order. */
  requests: FakeStripeRequest[];
  /** Every webhook it delivered, with the app's answer. */
  deliveries: { event: Json; status: number }[];
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

const UNIT_AMOUNT = { month: 1200, year: 12_000 } as const;
const DAY_SECONDS = 24 * 60 * 60;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

function missing(response: ServerResponse, what: string): void {
  json(response, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });
}

function listOf(data: Json[], url: string, hasMore = false) {
  return { object: 'list', data, has_more: hasMore, url };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real stripe SDK talks to (STRIPE_API_BASE sets
 * its protocol, host and port): form-encoded requests, Stripe's JSON objects and list envelopes, for
 * exactly what the better-auth plugin and our billing routes call. Its hosted pages stand in for
 * Checkout (a Pay button: subscription, invoice and card made, signed webhooks sent, back to the
 * success URL) and the billing portal (a link back).
 */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices: Json[] = [];
  const paymentMethods = new Map<string, Json>();
  const requests: FakeStripeRequest[] = [];
  const deliveries: FakeStripe['deliveries'] = [];
  const held: Json[] = [];
  const background = new Set<Promise<unknown>>();
  const signer = new Stripe('sk_test_fake_signer');
  let url = '';

  const price = (priceId: string): Json | undefined => {
    const interval = options.prices[priceId];
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
  };

  const event = (type: string, data: Json): Json => ({
    id: id('evt'),
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(data) },
  });

  async function deliver(body: Json, signature?: string): Promise<number> {
    if (!fake.webhookUrl) return 0;
    const payload = JSON.stringify(body);
    const header =
      signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const answer = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    await answer.arrayBuffer();
    deliveries.push({ event: body, status: answer.status });
    return answer.status;
  }

  async function send(events: Json[]): Promise<void> {
    if (fake.holdWebhooks) {
      held.push(...events);
      return;
    }
    for (const item of events) await deliver(item);
  }

  /** Sends without holding up the API answer, as Stripe does; `settled()` waits for it. */
  function sendLater(events: Json[]): void {
    const pending = send(events).catch((error: unknown) =>
      console.error('[fake-stripe] webhook failed', error),
    );
    background.add(pending);
    void pending.finally(() => background.delete(pending));
  }

  function createCustomer(body: FormObject): Json {
    const customer = {
      id: id('cus'),
      object: 'customer',
      name: text(body.name) ?? null,
      email: text(body.email) ?? null,
      metadata: object(body.metadata),
      invoice_settings: { default_payment_method: null },
      created: nowSeconds(),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(body: FormObject): Json {
    const sessionId = id('cs_test');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: text(body.mode) ?? 'subscription',
      customer: text(body.customer) ?? null,
      client_reference_id: text(body.client_reference_id) ?? null,
      metadata: object(body.metadata),
      line_items_input: list(body.line_items).map((item) => ({
        price: text(object(item).price),
        quantity: Number(text(object(item).quantity) ?? 1),
      })),
      subscription_data: object(body.subscription_data),
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      url: `${url}/checkout/${sessionId}`,
      created: nowSeconds(),
    };
    sessions.set(sessionId, session);
    return session;
  }

  function publicSession(session: Json): Json {
    const { line_items_input: _items, subscription_data: _data, ...rest } = session;
    return rest;
  }

  async function pay(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`checkout session ${sessionId} is not open`);
    const customerId = session.customer as string;
    const customer = customers.get(customerId);
    const expiry = new Date();
    const card = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: expiry.getUTCFullYear() + 3 },
    };
    paymentMethods.set(card.id, card);
    if (customer) customer.invoice_settings = { default_payment_method: card.id };
    const start = nowSeconds();
    const items = (session.line_items_input as { price: string; quantity: number }[]).map((item) => {
      const itemPrice = price(item.price) as Json & { recurring: { interval: 'month' | 'year' } };
      const days = itemPrice.recurring.interval === 'year' ? 365 : 30;
      return {
        id: id('si'),
        object: 'subscription_item',
        price: itemPrice,
        quantity: item.quantity,
        current_period_start: start,
        current_period_end: start + days * DAY_SECONDS,
      };
    });
    const subscription = {
      id: id('sub'),
      object: 'subscription',
      customer: customerId,
      status: 'active',
      items: listOf(items, '/v1/subscription_items'),
      metadata: object((session.subscription_data as FormObject).metadata),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      schedule: null,
      default_payment_method: card.id,
      created: start,
    };
    subscriptions.set(subscription.id, subscription);
    const amount = items.reduce((sum, item) => sum + (item.price.unit_amount as number) * item.quantity, 0);
    const invoiceId = id('in');
    invoices.unshift({
      id: invoiceId,
      object: 'invoice',
      number: `FAKE-${String(invoices.length + 1).padStart(4, '0')}`,
      customer: customerId,
      subscription: subscription.id,
      created: start,
      amount_due: amount,
      amount_paid: amount,
      currency: 'usd',
      status: 'paid',
      invoice_pdf: `${url}/invoices/${invoiceId}.pdf`,
      hosted_invoice_url: `${url}/invoices/${invoiceId}`,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    await send([
      event('customer.subscription.created', subscription),
      event('checkout.session.completed', publicSession(session)),
    ]);
    return (session.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
  }

  function updateSubscription(subscription: Json, body: FormObject): Json {
    const cancel = text(body.cancel_at_period_end);
    if (cancel !== undefined) {
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.canceled_at = cancel === 'true' ? nowSeconds() : null;
    }
    if (text(body.cancel_at) === '') subscription.cancel_at = null;
    const items = (subscription.items as { data: Json[] }).data;
    for (const change of list(body.items).map(object)) {
      const item = items.find((candidate) => candidate.id === text(change.id));
      if (item && text(change.quantity)) item.quantity = Number(text(change.quantity));
    }
    sendLater([event('customer.subscription.updated', subscription)]);
    return subscription;
  }

  const api = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) => {
    const method = request.method ?? 'GET';
    const body = parseStripeForm(method === 'GET' ? query.toString() : await readBody(request));
    requests.push({ method, path, body });
    const [, , resource, resourceId, action] = path.split('/');
    if (resource === 'customers') {
      if (method === 'POST' && !resourceId) return json(response, 200, createCustomer(body));
      if (method === 'GET' && resourceId === 'search') {
        const wanted = /metadata\["organizationId"\]:"([^"]+)"/.exec(query.get('query') ?? '')?.[1];
        const found = [...customers.values()].filter(
          (customer) => (customer.metadata as Json).organizationId === wanted,
        );
        return json(response, 200, {
          object: 'search_result',
          data: found,
          has_more: false,
          next_page: null,
        });
      }
      if (method === 'GET' && !resourceId) return json(response, 200, listOf([...customers.values()], path));
      const customer = customers.get(resourceId ?? '');
      if (!customer) return missing(response, 'customer');
      if (method === 'POST') Object.assign(customer, { name: text(body.name) ?? customer.name });
      return json(response, 200, customer);
    }
    if (resource === 'prices' && resourceId) {
      const found = price(resourceId);
      return found ? json(response, 200, found) : missing(response, 'price');
    }
    if (resource === 'checkout' && resourceId === 'sessions') {
      if (method === 'POST' && !action) return json(response, 200, publicSession(createSession(body)));
      const session = sessions.get(action ?? '');
      return session ? json(response, 200, publicSession(session)) : missing(response, 'checkout.session');
    }
    if (resource === 'subscriptions') {
      if (!resourceId) {
        const customer = query.get('customer');
        const found = [...subscriptions.values()].filter((sub) => !customer || sub.customer === customer);
        return json(response, 200, listOf(found, path));
      }
      const subscription = subscriptions.get(resourceId);
      if (!subscription) return missing(response, 'subscription');
      return json(response, 200, method === 'POST' ? updateSubscription(subscription, body) : subscription);
    }
    if (resource === 'billing_portal' && resourceId === 'sessions' && method === 'POST') {
      const portalId = id('bps');
      return json(response, 200, {
        id: portalId,
        object: 'billing_portal.session',
        customer: text(body.customer),
        return_url: text(body.return_url),
        url: `${url}/portal/${portalId}?return_url=${encodeURIComponent(text(body.return_url) ?? '')}`,
      });
    }
    if (resource === 'invoices' && !resourceId) {
      const mine = invoices.filter((invoice) => invoice.customer === query.get('customer'));
      const after = query.get('starting_after');
      const start = after ? mine.findIndex((invoice) => invoice.id === after) + 1 : 0;
      if (after && start === 0) return missing(response, 'invoice');
      const limit = Number(query.get('limit') ?? 10);
      return json(response, 200, listOf(mine.slice(start, start + limit), path, start + limit < mine.length));
    }
    if (resource === 'payment_methods') {
      if (!resourceId) {
        const found = [...paymentMethods.values()].filter(
          (method) => method.customer === query.get('customer'),
        );
        return json(response, 200, listOf(found.slice(0, Number(query.get('limit') ?? 10)), path));
      }
      const found = paymentMethods.get(resourceId);
      return found ? json(response, 200, found) : missing(response, 'payment_method');
    }
    json(response, 404, {
      error: { type: 'invalid_request_error', message: `The fake Stripe has no ${method} ${path}` },
    });
  };

  const page = (response: ServerResponse, title: string, content: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${content}</main></body></html>`);
  };

  const pages = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) => {
    const [, kind, pageId = '', action] = path.split('/');
    const session = kind === 'checkout' ? sessions.get(pageId) : undefined;
    if (session && request.method === 'GET' && !action) {
      const total = (session.line_items_input as { price: string; quantity: number }[])
        .map((item) => `${item.quantity} × ${item.price}`)
        .join(', ');
      return page(
        response,
        'Fake Stripe Checkout',
        `<p>${escapeHtml(total)}</p><form method="post" action="/checkout/${pageId}/pay"><button type="submit">Pay</button></form>`,
      );
    }
    if (session && request.method === 'POST' && action === 'pay') {
      await readBody(request);
      const next = await pay(pageId);
      response.writeHead(303, { location: next }).end();
      return;
    }
    if (kind === 'portal') {
      const back = query.get('return_url') ?? '/';
      return page(response, 'Fake Stripe billing portal', `<a href="${escapeHtml(back)}">Return</a>`);
    }
    response.writeHead(404).end('Not Found');
  };

  const server = createServer((request, response) => {
    const parsed = new URL(request.url ?? '/', 'http://stripe.test');
    const handler = parsed.pathname.startsWith('/v1/') ? api : pages;
    handler(request, response, parsed.pathname, parsed.searchParams).catch((error: unknown) => {
      console.error('[fake-stripe]', error);
      if (!response.headersSent)
        json(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url,
    requests,
    deliveries,
    webhookUrl: options.webhookUrl,
    holdWebhooks: false,
    async releaseWebhooks() {
      fake.holdWebhooks = false;
      const waiting = held.splice(0);
      for (const item of waiting) await deliver(item);
    },
    pay,
    deliver,
    async settled() {
      await Promise.all([...background]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

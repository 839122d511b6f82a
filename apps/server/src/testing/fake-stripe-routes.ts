import { type FormObject, list, object, text } from './fake-stripe-form';
import { nowSeconds } from './fake-stripe-http';
import {
  checkoutSessionObject,
  customerObject,
  eventObject,
  listOf,
  portalSessionObject,
  priceObject,
  publicSession,
} from './fake-stripe-objects';
import type { FakeStripeState, Json } from './fake-stripe-state';
import type { WebhookSender } from './fake-stripe-webhooks';

/** One API call as a handler sees it: `id` is the path's `:id`, `body` the parsed form. */
export interface ApiCall {
  state: FakeStripeState;
  webhooks: WebhookSender;
  path: string;
  id: string;
  body: FormObject;
  query: URLSearchParams;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** Stripe's answer for an id it doesn't know, which the SDK turns into StripeInvalidRequestError. */
const missing = (what: string): ApiAnswer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

const found = (what: string, value: Json | undefined) => (value ? ok(value) : missing(what));

function createCustomer({ state, body }: ApiCall): ApiAnswer {
  const customer = customerObject(body);
  state.customers.set(customer.id, customer);
  return ok(customer);
}

/** Only the one search the better-auth plugin makes: a customer by its organization's id. */
function searchCustomers({ state, query }: ApiCall): ApiAnswer {
  const wanted = /metadata\["organizationId"\]:"([^"]+)"/.exec(query.get('query') ?? '')?.[1];
  const data = [...state.customers.values()].filter(
    (customer) => (customer.metadata as Json).organizationId === wanted,
  );
  return ok({ object: 'search_result', data, has_more: false, next_page: null });
}

const listCustomers = ({ state, path }: ApiCall) => ok(listOf([...state.customers.values()], path));

const retrieveCustomer = ({ state, id }: ApiCall) => found('customer', state.customers.get(id));

function updateCustomer({ state, id, body }: ApiCall): ApiAnswer {
  const customer = state.customers.get(id);
  if (customer) Object.assign(customer, { name: text(body.name) ?? customer.name });
  return found('customer', customer);
}

const retrievePrice = ({ state, id }: ApiCall) => found('price', priceObject(state.prices, id));

function createCheckoutSession({ state, body }: ApiCall): ApiAnswer {
  const session = checkoutSessionObject(body, state.url);
  state.sessions.set(session.id, session);
  return ok(publicSession(session));
}

function retrieveCheckoutSession({ state, id }: ApiCall): ApiAnswer {
  const session = state.sessions.get(id);
  return session ? ok(publicSession(session)) : missing('checkout.session');
}

function listSubscriptions({ state, path, query }: ApiCall): ApiAnswer {
  const customer = query.get('customer');
  const data = [...state.subscriptions.values()].filter((sub) => !customer || sub.customer === customer);
  return ok(listOf(data, path));
}

const retrieveSubscription = ({ state, id }: ApiCall) => found('subscription', state.subscriptions.get(id));

/** The changes the portal and our seat routes make: cancel at period end (or undo it) and quantities. */
function updateSubscription({ state, webhooks, id, body }: ApiCall): ApiAnswer {
  const subscription = state.subscriptions.get(id);
  if (!subscription) return missing('subscription');
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
  webhooks.sendLater([eventObject('customer.subscription.updated', subscription)]);
  return ok(subscription);
}

const createPortalSession = ({ state, body }: ApiCall) => ok(portalSessionObject(body, state.url));

/** Newest first, paged by `starting_after` and `limit` as the invoice history pages them. */
function listInvoices({ state, path, query }: ApiCall): ApiAnswer {
  const mine = state.invoices.filter((invoice) => invoice.customer === query.get('customer'));
  const after = query.get('starting_after');
  const start = after ? mine.findIndex((invoice) => invoice.id === after) + 1 : 0;
  if (after && start === 0) return missing('invoice');
  const end = start + Number(query.get('limit') ?? 10);
  return ok(listOf(mine.slice(start, end), path, end < mine.length));
}

function listPaymentMethods({ state, path, query }: ApiCall): ApiAnswer {
  const mine = [...state.paymentMethods.values()].filter((card) => card.customer === query.get('customer'));
  return ok(listOf(mine.slice(0, Number(query.get('limit') ?? 10)), path));
}

const retrievePaymentMethod = ({ state, id }: ApiCall) =>
  found('payment_method', state.paymentMethods.get(id));

/**
 * Exactly the calls the better-auth plugin and our billing routes make, by method and path; `:id`
 * matches one segment. The more specific path comes first where two could match.
 */
export const API_ROUTES: [method: string, path: string, handle: (call: ApiCall) => ApiAnswer][] = [
  ['POST', '/v1/customers', createCustomer],
  ['GET', '/v1/customers', listCustomers],
  ['GET', '/v1/customers/search', searchCustomers],
  ['GET', '/v1/customers/:id', retrieveCustomer],
  ['POST', '/v1/customers/:id', updateCustomer],
  ['GET', '/v1/prices/:id', retrievePrice],
  ['POST', '/v1/checkout/sessions', createCheckoutSession],
  ['GET', '/v1/checkout/sessions/:id', retrieveCheckoutSession],
  ['GET', '/v1/subscriptions', listSubscriptions],
  ['GET', '/v1/subscriptions/:id', retrieveSubscription],
  ['POST', '/v1/subscriptions/:id', updateSubscription],
  ['POST', '/v1/billing_portal/sessions', createPortalSession],
  ['GET', '/v1/invoices', listInvoices],
  ['GET', '/v1/payment_methods', listPaymentMethods],
  ['GET', '/v1/payment_methods/:id', retrievePaymentMethod],
];

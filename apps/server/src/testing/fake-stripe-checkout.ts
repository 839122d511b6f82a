import { type FormObject, object } from './fake-stripe-form';
import { nowSeconds } from './fake-stripe-http';
import {
  eventObject,
  lineItemsOf,
  type PriceObject,
  paidInvoiceObject,
  priceObject,
  publicSession,
  subscriptionItemObject,
  subscriptionObject,
  testCardObject,
} from './fake-stripe-objects';
import type { FakeStripeState } from './fake-stripe-state';
import type { WebhookSender } from './fake-stripe-webhooks';

/**
 * What Checkout's Pay button does: saves a card as the customer's default, starts the subscription
 * from the session's line items, records a paid invoice, completes the session and tells the app by
 * webhook. Answers the success URL the browser goes to next.
 */
export async function payCheckoutSession(
  state: FakeStripeState,
  webhooks: WebhookSender,
  sessionId: string,
): Promise<string> {
  const session = state.sessions.get(sessionId);
  if (session?.status !== 'open') throw new Error(`checkout session ${sessionId} is not open`);
  const customerId = session.customer as string;
  const card = testCardObject(customerId);
  state.paymentMethods.set(card.id, card);
  const customer = state.customers.get(customerId);
  if (customer) customer.invoice_settings = { default_payment_method: card.id };
  const start = nowSeconds();
  // The app only puts the prices it was configured with into a session, and the fake knows those.
  const items = lineItemsOf(session).map(({ price, quantity }) =>
    subscriptionItemObject(priceObject(state.prices, price) as PriceObject, quantity, start),
  );
  const subscription = subscriptionObject({
    customerId,
    items,
    metadata: object((session.subscription_data as FormObject).metadata),
    paymentMethodId: card.id,
    start,
  });
  state.subscriptions.set(subscription.id, subscription);
  const amount = items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  state.invoices.unshift(
    paidInvoiceObject({
      sequence: state.invoices.length + 1,
      customerId,
      subscriptionId: subscription.id,
      amount,
      created: start,
      baseUrl: state.url,
    }),
  );
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
  await webhooks.send([
    eventObject('customer.subscription.created', subscription),
    eventObject('checkout.session.completed', publicSession(session)),
  ]);
  return (session.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}

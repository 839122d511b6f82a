import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { billingWebhookEvent } from '../../db/schema';
import { runChange } from '../changes';
import type { DomainServices } from '../services';
import { organizationExists, organizationOfCustomer } from './customer';
import { billingStateOf } from './state';

/** Who a change made by a Stripe webhook is attributed to in the activity log. */
const STRIPE_ACTOR = { type: 'user', id: null, name: 'Stripe' } as const;

const ANNOUNCED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** The organization an event is about: the checkout's reference, or the subscription's customer. */
async function organizationOfEvent(db: Database, event: Stripe.Event): Promise<string | undefined> {
  if (event.type === 'checkout.session.completed') return event.data.object.client_reference_id ?? undefined;
  if (!event.type.startsWith('customer.subscription.')) return undefined;
  const object = event.data.object as Stripe.Subscription;
  const referenceId = object.metadata?.referenceId;
  if (referenceId) return referenceId;
  const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id;
  return customer ? organizationOfCustomer(db, customer) : undefined;
}

/**
 * After the plugin has applied a subscription event, announce the organization's new billing state as
 * `billing.updated` (the success and subscription pages listen for it). Stripe delivers at least
 * once: an event id seen before announces nothing, in the same transaction that remembers it.
 */
export async function announceBillingEvent(services: DomainServices, event: Stripe.Event): Promise<void> {
  if (!ANNOUNCED_EVENTS.has(event.type)) return;
  const organizationId = await organizationOfEvent(services.db, event);
  if (!organizationId || !(await organizationExists(services.db, organizationId))) return;
  await runChange(services, { organizationId, actor: STRIPE_ACTOR }, async (tx, record, now) => {
    const [fresh] = await tx
      .insert(billingWebhookEvent)
      .values({ id: event.id, organizationId, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingWebhookEvent.id });
    if (!fresh) return;
    const state = await billingStateOf(tx, organizationId, now);
    await record({
      projectId: null,
      action: 'billing.updated',
      entity: 'organization',
      entityId: organizationId,
      summary: `billing is now ${state.plan} (${state.status})`,
      data: {
        plan: state.plan,
        status: state.status,
        cancelAtPeriodEnd: Boolean(state.subscription?.cancelAtPeriodEnd || state.subscription?.cancelAt),
      },
    });
  });
}

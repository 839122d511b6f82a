import {
  type CheckoutSession,
  type Invoice,
  type InvoicePage,
  invoiceSchema,
  type PaymentCard,
} from '@switchboard/api-client/contract';
import { subscription } from '@switchboard/auth/schema';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { stripeCustomerOf } from './customer';
import type { Billing } from './service';

/**
 * What the plugin does not offer, read from Stripe with the organization's customer id: its invoices,
 * its card, and whether one of its checkout sessions has become a subscription.
 */

/** Stripe may add statuses; one we do not know is shown as none rather than failing the page. */
function invoiceStatus(status: string | null): Invoice['status'] {
  const known = invoiceSchema.shape.status.safeParse(status);
  return known.success ? known.data : null;
}

function toInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: invoiceStatus(invoice.status),
    pdfUrl: invoice.invoice_pdf ?? null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'resource_missing';
}

export async function listInvoices(
  db: Database,
  billing: Billing,
  organizationId: string,
  page: { cursor?: string; limit: number },
): Promise<InvoicePage> {
  const customer = await stripeCustomerOf(db, organizationId);
  if (!customer) return { items: [], nextCursor: null };
  const list = await billing.stripe.invoices
    .list({ customer, limit: page.limit, ...(page.cursor ? { starting_after: page.cursor } : {}) })
    .catch((error: unknown) => {
      // Only the cursor can name something Stripe does not know: it is the caller's input.
      if (!isMissing(error)) throw error;
      const message = 'cursor: there is no such invoice of this organization';
      throw new AppError('VALIDATION_FAILED', message, [{ code: 'custom', path: ['cursor'], message }]);
    });
  const items = list.data.map(toInvoice);
  return { items, nextCursor: list.has_more ? (items.at(-1)?.id ?? null) : null };
}

function toCard(method: Stripe.PaymentMethod | undefined): PaymentCard | null {
  const card = method?.card;
  if (!card) return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** The customer's default card, else the card it paid with last; null without one. */
export async function paymentCardOf(
  db: Database,
  billing: Billing,
  organizationId: string,
): Promise<PaymentCard | null> {
  const customerId = await stripeCustomerOf(db, organizationId);
  if (!customerId) return null;
  const customer = await billing.stripe.customers.retrieve(customerId);
  const preferred = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  if (preferred) {
    return toCard(
      typeof preferred === 'string' ? await billing.stripe.paymentMethods.retrieve(preferred) : preferred,
    );
  }
  const methods = await billing.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
  return toCard(methods.data[0]);
}

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * A checkout session of this organization: unknown ids and other organizations' sessions are the
 * same 404, so the answer never tells whether someone else's session exists.
 */
export async function checkoutSessionOf(
  db: Database,
  billing: Billing,
  organizationId: string,
  sessionId: string,
): Promise<CheckoutSession> {
  const notFound = new AppError(
    'NOT_FOUND',
    'There is no checkout session with this id in this organization.',
  );
  if (!CHECKOUT_SESSION_ID.test(sessionId)) throw notFound;
  const session = await billing.stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
    if (isMissing(error)) throw notFound;
    throw error;
  });
  if (session.client_reference_id !== organizationId) throw notFound;
  if (session.status === 'expired') return { id: session.id, status: 'expired', plan: 'team' };
  const stripeSubscriptionId =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  const [row] = stripeSubscriptionId
    ? await db
        .select({ status: subscription.status, referenceId: subscription.referenceId })
        .from(subscription)
        .where(eq(subscription.stripeSubscriptionId, stripeSubscriptionId))
        .limit(1)
    : [];
  // Active once the webhook has recorded the subscription; until then the payment is being confirmed.
  const active =
    row?.referenceId === organizationId && (row.status === 'active' || row.status === 'trialing');
  return { id: session.id, status: active ? 'active' : 'confirming', plan: 'team' };
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { AuthServer } from '@switchboard/auth/server';
import { billingApiOf } from '@switchboard/auth/server';
import type { Context } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { billingOverview, canManageBilling } from '../domain/billing/overview';
import type { Billing } from '../domain/billing/service';
import { withStripe } from '../domain/billing/stripe-outage';
import { checkoutSessionOf, listInvoices, paymentCardOf } from '../domain/billing/stripe-records';
import {
  cancelAtPeriodEnd,
  openBillingPortal,
  restoreSubscription,
  type SubscriptionCall,
  startCheckout,
} from '../domain/billing/subscriptions';
import { AppError } from '../domain/errors';
import { endpointRoutes } from '../http/endpoint-route';

export interface BillingRouteOptions {
  db: Database;
  /** Undefined when billing is off: every route but the overview answers BILLING_DISABLED. */
  billing: Billing | undefined;
  auth: AuthServer;
  appUrl: string;
}

type BillingContext = Context<{ Variables: ActingVariables }>;

function requireBilling(billing: Billing | undefined): Billing {
  if (!billing) throw new AppError('BILLING_DISABLED');
  return billing;
}

/** Owners and admins change billing (organization:update); members only read it. */
function requireManager(c: BillingContext): void {
  if (!canManageBilling(c.var.acting)) {
    throw new AppError('FORBIDDEN', 'Only owners and admins of the organization manage its billing.');
  }
}

/**
 * The organization's billing under /billing. The web talks only to these: they call the Stripe
 * plugin's endpoints where it has them (checkout, restore, portal) and the Stripe SDK where it has not
 * (invoices, card, checkout-session lookup). Any member reads; owners and admins manage.
 */
export function billingRoutes({ db, billing, auth, appUrl }: BillingRouteOptions) {
  const subscriptionCall = (c: BillingContext): SubscriptionCall => ({
    api: billingApiOf(auth.api),
    headers: c.req.raw.headers,
    organizationId: c.var.acting.organizationId,
    appUrl,
  });
  /** A manager's change, answered with the overview it leads to. */
  const manage = async (c: BillingContext, change: (on: Billing) => Promise<unknown>) => {
    const on = requireBilling(billing);
    requireManager(c);
    await withStripe(() => change(on));
    return billingOverview(db, on, c.var.acting);
  };
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.billing.get, ({ c }) => billingOverview(db, billing, c.var.acting))
    .on(endpoints.billing.checkout, ({ body, c }) => {
      const on = requireBilling(billing);
      requireManager(c);
      return withStripe(() => startCheckout(db, on, subscriptionCall(c), body));
    })
    .on(endpoints.billing.cancel, ({ c }) =>
      manage(c, (on) => cancelAtPeriodEnd(db, on, c.var.acting.organizationId)),
    )
    .on(endpoints.billing.restore, ({ c }) =>
      manage(c, (on) => restoreSubscription(db, on, subscriptionCall(c))),
    )
    .on(endpoints.billing.portal, ({ c }) => {
      requireBilling(billing);
      requireManager(c);
      return withStripe(() => openBillingPortal(subscriptionCall(c)));
    })
    .on(endpoints.billing.invoices, ({ query, c }) => {
      const on = requireBilling(billing);
      return withStripe(() => listInvoices(db, on, c.var.acting.organizationId, query));
    })
    .on(endpoints.billing.paymentMethod, async ({ c }) => {
      const on = requireBilling(billing);
      return { card: await withStripe(() => paymentCardOf(db, on, c.var.acting.organizationId)) };
    })
    .on(endpoints.billing.checkoutSession, ({ params, c }) => {
      const on = requireBilling(billing);
      return withStripe(() => checkoutSessionOf(db, on, c.var.acting.organizationId, params.sessionId));
    }).app;
}

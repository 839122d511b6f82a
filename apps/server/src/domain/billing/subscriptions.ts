import type { BillingRedirect, StartCheckout } from '@switchboard/api-client/contract';
import { subscription } from '@switchboard/auth/schema';
import type { BillingAuthApi } from '@switchboard/auth/server';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { STRIPE_TEAM_PLAN } from './plans';
import type { Billing } from './service';
import { billingStateOf, type SubscriptionRow } from './state';
import { memberCountOf } from './usage';

/** What a subscription action needs besides the database: the plugin's endpoints and the caller. */
export interface SubscriptionCall {
  api: BillingAuthApi;
  /** The caller's own request headers: the plugin checks their session and role again. */
  headers: Headers;
  organizationId: string;
  /** The web app's origin, where Stripe sends the browser back. */
  appUrl: string;
}

const SUBSCRIPTION_PAGE = '/dashboard/settings/billing';
// Stripe replaces {CHECKOUT_SESSION_ID}; the success page checks the session is this organization's.
const SUCCESS_PAGE = '/dashboard/settings/billing/success?session_id={CHECKOUT_SESSION_ID}';

/** A page of the web app; written out by hand so the URL class does not escape Stripe's placeholder. */
function pageUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/** The plugin's refusals in our registry's words. */
function pluginRefusal(error: unknown): never {
  const code = (error as { body?: { code?: string } } | null)?.body?.code;
  if (code === 'ALREADY_SUBSCRIBED_PLAN')
    throw new AppError('CONFLICT', 'The organization is already subscribed to this plan.');
  if (code === 'CUSTOMER_NOT_FOUND' || code === 'SUBSCRIPTION_NOT_FOUND')
    throw new AppError('NOT_FOUND', 'The organization has no subscription yet: upgrade first.');
  throw error;
}

export async function startCheckout(
  db: Database,
  billing: Billing,
  call: SubscriptionCall,
  input: StartCheckout,
): Promise<BillingRedirect> {
  const annual = input.annual ?? false;
  if (!(annual ? billing.settings.prices.annual : billing.settings.prices.monthly)) {
    const message = `annual: this installation has no ${annual ? 'annual' : 'monthly'} price for the Team plan.`;
    throw new AppError('VALIDATION_FAILED', message, [{ code: 'custom', path: ['annual'], message }]);
  }
  const answer = await call.api
    .upgradeSubscription({
      body: {
        plan: STRIPE_TEAM_PLAN,
        annual,
        customerType: 'organization',
        referenceId: call.organizationId,
        // Team is paid per seat: one per member when the checkout starts.
        seats: Math.max(1, await memberCountOf(db, call.organizationId)),
        successUrl: pageUrl(call.appUrl, SUCCESS_PAGE),
        cancelUrl: pageUrl(call.appUrl, SUBSCRIPTION_PAGE),
        disableRedirect: true,
      },
      headers: call.headers,
    })
    .catch(pluginRefusal);
  if (!answer.url) throw new Error('Stripe answered a checkout session without a URL');
  return { url: answer.url };
}

export async function openBillingPortal(call: SubscriptionCall): Promise<BillingRedirect> {
  const answer = await call.api
    .createBillingPortal({
      body: {
        customerType: 'organization',
        referenceId: call.organizationId,
        returnUrl: pageUrl(call.appUrl, SUBSCRIPTION_PAGE),
        disableRedirect: true,
      },
      headers: call.headers,
    })
    .catch(pluginRefusal);
  return { url: answer.url };
}

async function paidSubscriptionOf(db: Database, billing: Billing, organizationId: string) {
  const state = await billingStateOf(db, organizationId, billing.now());
  const row = state.subscription;
  if (!row?.stripeSubscriptionId || !['active', 'trialing', 'past_due'].includes(row.status)) {
    throw new AppError('NOT_FOUND', 'The organization has no running subscription to change.');
  }
  return row as SubscriptionRow & { stripeSubscriptionId: string };
}

/**
 * Cancels at the end of the paid period, straight through Stripe: the plugin's own cancel sends people
 * to the billing portal instead. Stripe's webhook confirms it; the row is updated now so the answer
 * shows it at once. Cancelling twice changes nothing.
 */
export async function cancelAtPeriodEnd(
  db: Database,
  billing: Billing,
  organizationId: string,
): Promise<void> {
  const row = await paidSubscriptionOf(db, billing, organizationId);
  if (row.cancelAtPeriodEnd) return;
  const updated = await billing.stripe.subscriptions.update(row.stripeSubscriptionId, {
    cancel_at_period_end: true,
  });
  await db
    .update(subscription)
    .set({
      cancelAtPeriodEnd: updated.cancel_at_period_end,
      canceledAt: updated.canceled_at ? new Date(updated.canceled_at * 1000) : null,
    })
    .where(eq(subscription.id, row.id));
}

/** Undoes a cancellation through the plugin; restoring what is not cancelled changes nothing. */
export async function restoreSubscription(
  db: Database,
  billing: Billing,
  call: SubscriptionCall,
): Promise<void> {
  const row = await paidSubscriptionOf(db, billing, call.organizationId);
  if (!row.cancelAtPeriodEnd && !row.cancelAt) return;
  await call.api
    .restoreSubscription({
      body: { customerType: 'organization', referenceId: call.organizationId },
      headers: call.headers,
    })
    .catch(pluginRefusal);
}

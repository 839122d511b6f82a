import { stripe } from '@better-auth/stripe';
import type { AuthContext } from 'better-auth';
import type Stripe from 'stripe';
import { roleAllows } from '../access';
import { accountDeletionBillingGuard } from './account-guard';
import { seatSync } from './seat-sync';

export interface BillingAuthOptions {
  /** The server's Stripe client (the server points it at Stripe, or at a local fake in tests). */
  stripeClient: Stripe;
  /** Signs Stripe's webhook deliveries; a delivery without a valid signature is refused with 400. */
  webhookSecret: string;
  /** The Team plan's price ids; at least one is set. */
  prices: { monthly?: string; annual?: string };
  /** The plan name the subscription rows carry. */
  planName: string;
  /** Called once the plugin has applied a webhook event to the subscription table. */
  onEvent?: (event: Stripe.Event) => Promise<void>;
}

/** The plugin's actions that change what the organization pays; reading its subscriptions is not one. */
const READ_ACTIONS = new Set(['list-subscription']);

/**
 * Billing's plugins: Stripe's, the seat count that follows the members, and the guard that keeps a
 * paying organization from being orphaned.
 */
export function billing(options: BillingAuthOptions) {
  return [stripePlugin(options), seatSync(options.stripeClient), accountDeletionBillingGuard()] as const;
}

/**
 * @better-auth/stripe for organization subscriptions. The organization is the customer: owners and
 * admins (whoever may update the organization) manage its subscription, every member may read it.
 * No trial is configured here: the app keeps its own card-less trial from the organization's creation,
 * so a checkout never grants one, let alone a second.
 */
function stripePlugin(options: BillingAuthOptions) {
  return stripe({
    stripeClient: options.stripeClient,
    stripeWebhookSecret: options.webhookSecret,
    createCustomerOnSignUp: false,
    organization: { enabled: true },
    onEvent: options.onEvent,
    subscription: {
      enabled: true,
      plans: [
        {
          name: options.planName,
          priceId: options.prices.monthly,
          annualDiscountPriceId: options.prices.annual,
        },
      ],
      async authorizeReference({ user, referenceId, action }, ctx) {
        const adapter = (ctx as { context: AuthContext } | undefined)?.context.adapter;
        if (!adapter) return false;
        const membership = await adapter.findOne<{ role: string }>({
          model: 'member',
          where: [
            { field: 'organizationId', value: referenceId },
            { field: 'userId', value: user.id },
          ],
        });
        if (!membership) return false;
        return READ_ACTIONS.has(action) || roleAllows(membership.role, { organization: ['update'] });
      },
    },
  });
}

/** The plugin's endpoints our REST routes call, as auth.api carries them when the plugin is on. */
export interface BillingAuthApi {
  upgradeSubscription(input: {
    body: {
      plan: string;
      annual?: boolean;
      customerType: 'organization';
      referenceId: string;
      seats?: number;
      successUrl: string;
      cancelUrl: string;
      disableRedirect: boolean;
    };
    headers: Headers;
  }): Promise<{ url: string | null }>;
  restoreSubscription(input: {
    body: { customerType: 'organization'; referenceId: string };
    headers: Headers;
  }): Promise<unknown>;
  createBillingPortal(input: {
    body: { customerType: 'organization'; referenceId: string; returnUrl: string; disableRedirect: boolean };
    headers: Headers;
  }): Promise<{ url: string }>;
}

/** auth.api's billing endpoints; only call this when the server was built with billing on. */
export function billingApiOf(api: object): BillingAuthApi {
  if (!('upgradeSubscription' in api)) throw new Error('this auth server was built without billing');
  return api as unknown as BillingAuthApi;
}

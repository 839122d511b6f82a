import Stripe from 'stripe';
import type { BillingSettings } from './settings';

/** The one Stripe SDK client of a server, shared by the better-auth plugin and our billing routes. */
export function createStripeClient(settings: BillingSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    // Billing pages wait on these calls: fail fast rather than hang when Stripe is unreachable.
    timeout: 15_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Switchboard' },
  });
}

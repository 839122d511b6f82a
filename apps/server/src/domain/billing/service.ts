import type Stripe from 'stripe';
import type { Clock } from '../services';
import type { BillingSettings } from './settings';
import { createStripeClient } from './stripe-client';

/**
 * Billing as the routes see it when it is on: the set-up, the Stripe client and the clock the trial
 * is measured by. Off, the routes get undefined and no Stripe code runs.
 */
export interface Billing {
  settings: BillingSettings;
  stripe: Stripe;
  now(): Date;
}

export function createBilling(settings: BillingSettings, clock: Clock): Billing {
  return { settings, stripe: createStripeClient(settings), now: () => clock.now() };
}

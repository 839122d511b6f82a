import Stripe from 'stripe';
import { AppError } from '../errors';

/** The plugin's codes for a Stripe call that failed underneath it. */
const PLUGIN_OUTAGE_CODES = new Set(['UNABLE_TO_CREATE_CUSTOMER', 'UNABLE_TO_CREATE_BILLING_PORTAL']);

function isOutage(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  if (error instanceof Stripe.errors.StripeAPIError) return true;
  if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500) return true;
  const code = (error as { body?: { code?: unknown } } | null)?.body?.code;
  return typeof code === 'string' && PLUGIN_OUTAGE_CODES.has(code);
}

/**
 * Runs a call that reaches Stripe. Stripe being unreachable, overloaded or failing is not our bug
 * and not the caller's mistake: it answers 503 BILLING_UNAVAILABLE instead of a 500.
 */
export async function withStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isOutage(error))
      throw new AppError('BILLING_UNAVAILABLE', undefined, undefined, { retryAfterSeconds: 60 });
    throw error;
  }
}

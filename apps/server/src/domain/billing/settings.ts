import type { Env } from '../../env';

/** Where the Stripe SDK sends its requests; only tests change it (a local fake). */
export interface StripeApiAddress {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/** A configured billing set-up: present only when every required Stripe variable is set. */
export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly?: string; annual?: string };
  api?: StripeApiAddress;
}

/** The billing set-up the environment describes, or undefined when billing is off. */
export function billingSettingsOf(env: Env): BillingSettings | undefined {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_TEAM_MONTHLY, STRIPE_PRICE_TEAM_ANNUAL } =
    env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return undefined;
  if (!STRIPE_PRICE_TEAM_MONTHLY && !STRIPE_PRICE_TEAM_ANNUAL) return undefined;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { monthly: STRIPE_PRICE_TEAM_MONTHLY, annual: STRIPE_PRICE_TEAM_ANNUAL },
    api: env.STRIPE_API_BASE ? stripeApiAddress(env.STRIPE_API_BASE) : undefined,
  };
}

function stripeApiAddress(base: string): StripeApiAddress {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)) };
}

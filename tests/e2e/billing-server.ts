/**
 * The second e2e server: billing on, through the local fake Stripe (a self-hosted installation, the
 * main e2e server, has no billing). A journey that pays runs against it with
 * `test.use({ baseURL: BILLING_BASE_URL })`; the fake's Checkout page has a Pay button that creates
 * the subscription, invoice and card, sends the signed webhooks and returns to the success page.
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);

export const BILLING_PORT = mainPort + 1;
export const BILLING_BASE_URL = `http://127.0.0.1:${BILLING_PORT}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${mainPort + 2}`;

/** The billing server's Stripe settings; the fake knows exactly these prices and this secret. */
export const BILLING_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_switchboard_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_switchboard_e2e',
  STRIPE_PRICE_TEAM_MONTHLY: 'price_team_monthly',
  STRIPE_PRICE_TEAM_ANNUAL: 'price_team_annual',
  STRIPE_API_BASE: FAKE_STRIPE_URL,
};

import type { ServerOptions } from './logged-server';

/**
 * The second e2e server: billing on, through the local fake Stripe (a self-hosted installation, the
 * main e2e server, has no billing). The journeys that pay start it (`serverForFile(BILLING_SERVER)`)
 * and run against it with `test.use({ baseURL: BILLING_BASE_URL })`, so no other run waits for it to
 * boot; the fake's Checkout page has a Pay button that creates the subscription, invoice and card,
 * sends the signed webhooks and returns to the success page.
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);

const BILLING_PORT = mainPort + 1;
export const BILLING_BASE_URL = `http://127.0.0.1:${BILLING_PORT}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${mainPort + 2}`;

/** The billing server's Stripe settings; the fake knows exactly these prices and this secret. */
const BILLING_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_switchboard_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_switchboard_e2e',
  STRIPE_PRICE_TEAM_MONTHLY: 'price_team_monthly',
  STRIPE_PRICE_TEAM_ANNUAL: 'price_team_annual',
  STRIPE_API_BASE: FAKE_STRIPE_URL,
};

/** The real server and the fake Stripe in one process, on the ports above. */
export const BILLING_SERVER: ServerOptions = {
  args: ['--import', 'tsx', 'apps/server/src/testing/serve-with-fake-stripe.ts'],
  port: BILLING_PORT,
  env: BILLING_ENV,
};

import { test } from '@playwright/test';
import { type FakeStripe, startFakeStripe } from '../../apps/server/src/testing/fake-stripe';
import { serverForFile } from './logged-server';

/**
 * The second e2e server: billing on, through the local fake Stripe (a self-hosted installation, the
 * main e2e server, has no billing). The journeys that pay start it (`billingServerForFile()`) and run
 * against it with `test.use({ baseURL: BILLING_BASE_URL })`, so no other run waits for it to boot;
 * the fake's Checkout page has a Pay button that creates the subscription, invoice and card, sends
 * the signed webhooks and returns to the success page.
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);

const BILLING_PORT = mainPort + 1;
export const BILLING_BASE_URL = `http://127.0.0.1:${BILLING_PORT}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${mainPort + 2}`;

const WEBHOOK_SECRET = 'whsec_switchboard_e2e';
const PRICES = { price_team_monthly: 'month', price_team_annual: 'year' } as const;

/** The billing server's Stripe settings; the fake knows exactly these prices and this secret. */
const BILLING_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_switchboard_e2e',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_TEAM_MONTHLY: 'price_team_monthly',
  STRIPE_PRICE_TEAM_ANNUAL: 'price_team_annual',
  STRIPE_API_BASE: FAKE_STRIPE_URL,
};

/**
 * The fake Stripe, in the test's own process, and the server bundle billing through it: the bundle
 * boots in a third of the CPU time tsx took to load the server's sources with the fake beside them.
 * Called at the top of a spec file or describe block; both stop after its tests.
 */
export function billingServerForFile(): void {
  let fake: FakeStripe | undefined;
  test.beforeAll(async () => {
    fake = await startFakeStripe({
      port: mainPort + 2,
      webhookUrl: `${BILLING_BASE_URL}/api/v1/auth/stripe/webhook`,
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
    });
  });
  test.afterAll(async () => {
    await fake?.close();
  });
  serverForFile({ port: BILLING_PORT, env: BILLING_ENV });
}

import { parseEnv } from '../env';
import { startServer } from '../server';
import { startFakeStripe } from './fake-stripe';

/**
 * The real server with billing on against the local fake Stripe, as one process: for browser
 * journeys (tests/e2e) that pay through the fake's Checkout page. The STRIPE_* variables configure
 * both sides: the fake listens on STRIPE_API_BASE's port, knows the two prices and signs its webhooks
 * with STRIPE_WEBHOOK_SECRET.
 */
async function main() {
  const env = parseEnv();
  if (!env.STRIPE_API_BASE || !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'set STRIPE_API_BASE and the other STRIPE_ variables: this server bills through the fake',
    );
  }
  const prices: Record<string, 'month' | 'year'> = {};
  if (env.STRIPE_PRICE_TEAM_MONTHLY) prices[env.STRIPE_PRICE_TEAM_MONTHLY] = 'month';
  if (env.STRIPE_PRICE_TEAM_ANNUAL) prices[env.STRIPE_PRICE_TEAM_ANNUAL] = 'year';
  const fake = await startFakeStripe({
    port: Number(new URL(env.STRIPE_API_BASE).port),
    webhookUrl: new URL('/api/v1/auth/stripe/webhook', env.API_URL).toString(),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices,
  });
  const server = await startServer(env);
  console.log(`Switchboard with billing is listening on ${server.url}; fake Stripe on ${fake.url}`);
  const stop = async () => {
    await server.close();
    await fake.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

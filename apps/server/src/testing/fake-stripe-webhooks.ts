import Stripe from 'stripe';
import type { FakeStripeState, Json } from './fake-stripe-state';

export interface WebhookSender {
  /** Signs and posts one event now, hold or not; answers the app's status (0 with nowhere to send). */
  deliver(event: Json, signature?: string): Promise<number>;
  /** Posts events in order, or keeps them while webhooks are held. */
  send(events: Json[]): Promise<void>;
  /** Sends without holding up the API answer, as Stripe does; `settled()` waits for it. */
  sendLater(events: Json[]): void;
  releaseHeld(): Promise<void>;
  settled(): Promise<void>;
}

export function createWebhookSender(state: FakeStripeState, webhookSecret: string): WebhookSender {
  // Only the SDK's signing helper is used; this key never reaches the network.
  const signer = new Stripe('sk_test_fake_signer');

  async function deliver(event: Json, signature?: string): Promise<number> {
    if (!state.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const answer = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    await answer.arrayBuffer();
    state.deliveries.push({ event, status: answer.status });
    return answer.status;
  }

  async function send(events: Json[]): Promise<void> {
    if (state.holdWebhooks) {
      state.held.push(...events);
      return;
    }
    for (const event of events) await deliver(event);
  }

  function sendLater(events: Json[]): void {
    const pending = send(events).catch((error: unknown) =>
      console.error('[fake-stripe] webhook failed', error),
    );
    state.background.add(pending);
    void pending.finally(() => state.background.delete(pending));
  }

  async function releaseHeld(): Promise<void> {
    state.holdWebhooks = false;
    for (const event of state.held.splice(0)) await deliver(event);
  }

  async function settled(): Promise<void> {
    await Promise.all([...state.background]);
  }

  return { deliver, send, sendLater, releaseHeld, settled };
}

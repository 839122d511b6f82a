import type { PlanMessage } from '@switchboard/api-client/contract';
import type { ActingContext } from '../actor';
import type { DomainServices } from '../services';
import { messagesSince } from './messages';

/**
 * Waits until the plan has messages after `since` (by anyone but the caller when `othersOnly`), at
 * most `waitMs`, and answers them. It listens on the bus before reading, so a message written in
 * between is never missed, and one written through another server process (PostgreSQL's bus) wakes
 * it as well.
 */
export async function waitForPlanMessages(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  options: { since?: string; waitMs: number; signal?: AbortSignal; othersOnly?: boolean },
): Promise<PlanMessage[]> {
  const wanted = (messages: PlanMessage[]) =>
    options.othersOnly
      ? messages.filter(
          (message) =>
            message.author.type !== context.actor.type ||
            message.author.id !== context.actor.id ||
            message.author.name !== context.actor.name,
        )
      : messages;
  let stop = () => {};
  let wake = () => {};
  const woken = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.waitMs);
    const unsubscribe = services.bus.subscribe(context.organizationId, (event) => {
      if (event.action === 'plan_message.created' && event.data.planId === planId) wake();
    });
    const onAbort = () => resolve();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
    };
  });
  try {
    let since = options.since;
    for (;;) {
      const next = woken();
      const messages = await messagesSince(services.db, context, planId, since);
      const found = wanted(messages);
      if (found.length > 0) return found;
      since = messages.at(-1)?.id ?? since;
      const ended = await Promise.race([done.then(() => true), next.then(() => false)]);
      if (ended) return wanted(await messagesSince(services.db, context, planId, since));
    }
  } finally {
    stop();
  }
}

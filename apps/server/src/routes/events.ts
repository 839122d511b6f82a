import { endpoints, routerPath } from '@switchboard/api-client/endpoints';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { eventsAfter } from '../domain/activity';
import type { DomainEvent, EventBus } from '../events/bus';

/** How many missed events a reconnecting client is sent; past that it is told to reload instead. */
export const MAX_REPLAY = 500;
const KEEPALIVE_MS = 25_000;
const MEMBERSHIP_RECHECK_MS = 60_000;

// One event object goes to every subscriber of the organisation: serialise it once, not per client.
const serializedEvents = new WeakMap<DomainEvent, string>();
function serialized(event: DomainEvent): string {
  let data = serializedEvents.get(event);
  if (data === undefined) {
    data = JSON.stringify(event);
    serializedEvents.set(event, data);
  }
  return data;
}

export interface EventStreamOptions {
  keepaliveMs?: number;
  membershipRecheckMs?: number;
}

/**
 * GET /events: the organisation's committed changes as Server-Sent Events. Each event's id is its
 * activity sequence number, so a browser that reconnects with Last-Event-ID gets what it missed.
 */
export function eventRoutes(
  db: Database,
  bus: EventBus,
  recheckAccess: (headers: Headers) => Promise<{ organizationId: string } | null>,
  options: EventStreamOptions = {},
) {
  return new Hono<{ Variables: ActingVariables }>().get(routerPath(endpoints.events.stream.path), (c) => {
    const { organizationId } = c.var.acting;
    const resumeFrom = Number.parseInt(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? '', 10);
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      let lastSent = 0;
      const queue: DomainEvent[] = [];
      let replaying = true;
      const send = async (event: DomainEvent) => {
        if (Number(event.id) <= lastSent) return;
        lastSent = Number(event.id);
        await stream.writeSSE({ id: event.id, event: 'change', data: serialized(event) });
      };
      // Subscribe before reading the backlog, so nothing committed in between is lost.
      const unsubscribe = bus.subscribe(organizationId, (event) => {
        if (replaying) queue.push(event);
        else void send(event).catch(() => undefined);
      });
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));

      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ organizationId }), retry: 2000 });
      if (Number.isFinite(resumeFrom) && resumeFrom >= 0) {
        const missed = await eventsAfter(db, organizationId, resumeFrom, MAX_REPLAY + 1);
        if (missed.length > MAX_REPLAY) {
          // Too far behind to replay event by event: the client refetches everything instead.
          await stream.writeSSE({ event: 'reset', data: '{}' });
          lastSent = Number(missed.at(-1)?.id ?? 0);
        } else {
          for (const event of missed) await send(event);
        }
      }
      replaying = false;
      for (const event of queue.splice(0)) await send(event);

      const keepalive = setInterval(() => {
        void stream.write(': keepalive\n\n').catch(() => undefined);
      }, options.keepaliveMs ?? KEEPALIVE_MS);
      // Whoever opened the stream is checked again now and then: a removed member, a revoked key or a
      // signed-out session stops receiving the organisation's events.
      const headers = new Headers(c.req.raw.headers);
      const recheck = setInterval(async () => {
        const still = await recheckAccess(headers).catch(() => 'unknown' as const);
        if (still !== 'unknown' && still?.organizationId !== organizationId) stream.abort();
      }, options.membershipRecheckMs ?? MEMBERSHIP_RECHECK_MS);

      await closed;
      clearInterval(keepalive);
      clearInterval(recheck);
      unsubscribe();
    });
  });
}

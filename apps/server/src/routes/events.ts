import { endpoints, routerPath } from '@switchboard/api-client/endpoints';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ActingVariables } from '../auth/acting-context';
import { eventsAfter, latestPosition } from '../domain/activity';
import { AppError, describeForLog } from '../domain/errors';
import type { DomainServices } from '../domain/services';
import type { DomainEvent } from '../events/bus';
import { type CallerVerdict, watchCaller } from '../events/caller-watch';
import { forwardInvitationNotices } from '../events/invitation-notices';
import { OrderedDelivery } from '../events/ordered-delivery';

/** How many missed events a reconnecting client is sent; past that it is told to reload instead. */
export const MAX_REPLAY = 500;
const KEEPALIVE_MS = 25_000;
const MEMBERSHIP_RECHECK_MS = 30_000;

// One event object goes to every subscriber of the organization: serialise it once, not per client.
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
  /** How often a stream's caller is checked without an access-change signal. @default 30 000 */
  membershipRecheckMs?: number;
}

/** Who a stream's headers act as now: null without valid credentials, as resolveActingContext answers. */
export type RecheckAccess = (headers: Headers) => Promise<{ organizationId: string } | null>;

/** Whether the caller still acts in the stream's organization; a lookup that failed decides nothing. */
async function verdictFor(
  recheckAccess: RecheckAccess,
  headers: Headers,
  organizationId: string,
): Promise<CallerVerdict> {
  try {
    const acting = await recheckAccess(headers);
    return acting?.organizationId === organizationId ? 'allowed' : 'revoked';
  } catch (error) {
    // A session whose membership is gone has no organization to act in; a key over its rate limit
    // or a database hiccup says nothing about access.
    if (error instanceof AppError && error.code === 'NO_ACTIVE_ORGANIZATION') return 'revoked';
    return 'unknown';
  }
}

/**
 * GET /events: the organization's committed changes as Server-Sent Events, in log order, each once.
 * Each event's id is its position in the organization's activity log, so a client that reconnects with
 * Last-Event-ID gets exactly what it missed. The stream ends as soon as its caller loses access. A
 * person's stream also says `invitations` when invitations to their address change.
 */
export function eventRoutes(
  services: DomainServices,
  recheckAccess: RecheckAccess,
  options: EventStreamOptions = {},
) {
  return new Hono<{ Variables: ActingVariables }>().get(routerPath(endpoints.events.stream.path), (c) => {
    const { organizationId } = c.var.acting;
    const resumeFrom = Number.parseInt(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? '', 10);
    const headers = new Headers(c.req.raw.headers);
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      const delivery = new OrderedDelivery({
        readAfter: (position, limit) => eventsAfter(services.db, organizationId, position, limit),
        send: (event) => stream.writeSSE({ id: event.id, event: 'change', data: serialized(event) }),
        onFailure: (error) => {
          // The client resumes from its Last-Event-ID on a new stream.
          if (!stream.aborted) console.error(`[events] stream delivery failed: ${describeForLog(error)}`);
          stream.abort();
        },
        pageSize: MAX_REPLAY,
      });
      // Subscribe before reading the log's end, so nothing committed in between is lost.
      const unsubscribe = services.bus.subscribe(
        organizationId,
        (event) => delivery.offer(event),
        () => delivery.catchUp(),
      );
      const stopWatching = watchCaller({
        bus: services.bus,
        check: () => verdictFor(recheckAccess, headers, organizationId),
        onRevoked: () => stream.abort(),
        recheckMs: options.membershipRecheckMs ?? MEMBERSHIP_RECHECK_MS,
      });
      let stopInvitations = () => {};
      const keepalive = setInterval(() => {
        void stream.write(': keepalive\n\n').catch(() => undefined);
      }, options.keepaliveMs ?? KEEPALIVE_MS);

      try {
        // Not part of the log (no id): a page that missed one reads the invitations when it loads anyway.
        stopInvitations = await forwardInvitationNotices(services, c.var.acting, () => {
          void stream.writeSSE({ event: 'invitations', data: '{}' }).catch(() => undefined);
        });
        const latest = await latestPosition(services.db, organizationId);
        // `ready` once the stream knows where the log stands: from here on every change reaches it.
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ organizationId }), retry: 2000 });
        if (!Number.isSafeInteger(resumeFrom) || resumeFrom < 0) {
          delivery.start(latest);
        } else if (resumeFrom > latest || latest - resumeFrom > MAX_REPLAY) {
          // Too far behind to replay event by event, or an id this log never gave out (another
          // database, a log from before positions): the client refetches everything instead, and
          // resumes from the log's end, which the reset's id gives it.
          await stream.writeSSE({ id: String(latest), event: 'reset', data: '{}' });
          delivery.start(latest);
        } else {
          delivery.start(resumeFrom, latest);
        }
        await closed;
      } finally {
        clearInterval(keepalive);
        stopInvitations();
        stopWatching();
        unsubscribe();
      }
    });
  });
}

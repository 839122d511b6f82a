import { realtimeEventSchema } from '@switchboard/api-client/contract';
import pg from 'pg';
import * as z from 'zod';
import { type DomainEvent, type EventBus, LocalFanout, SignalListeners } from './bus';

const CHANNEL = 'switchboard_events';
/** Carries no payload: every process checks its open streams' callers again. */
const ACCESS_CHANNEL = 'switchboard_access';
/** Carries the invited address whose invitations changed. */
const INVITATION_CHANNEL = 'switchboard_invitations';
const RECONNECT_DELAY_MS = 1000;
// NOTIFY payloads are capped at 8000 bytes; bigger events travel as a reference and are read back.
const MAX_INLINE_PAYLOAD = 7000;

const noticeSchema = z.union([
  z.object({ event: realtimeEventSchema }),
  z.object({ ref: z.object({ organizationId: z.string(), id: z.string() }) }),
]);
type Notice = z.infer<typeof noticeSchema>;

/** Another process's notice; anything that is not one of ours (or no longer parses) is dropped. */
function parseNotice(payload: string): Notice | undefined {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Cross-process events through PostgreSQL LISTEN/NOTIFY: every server process listens with a dedicated
 * connection and fans the events out to its own SSE clients. Notices of different processes arrive in
 * no promised order; streams restore the log's order themselves (ordered-delivery.ts).
 */
export async function createPostgresBus(options: {
  databaseUrl: string;
  pool: pg.Pool;
  /** Reads an event back by id when it was too big to travel inline. */
  loadEvent(organizationId: string, id: string): Promise<DomainEvent | undefined>;
}): Promise<EventBus> {
  const fanout = new LocalFanout();
  const accessChanges = new SignalListeners();
  const invitationChanges = new SignalListeners<string>();
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === ACCESS_CHANNEL) return accessChanges.notify();
      if (message.channel === INVITATION_CHANNEL) return invitationChanges.notify(message.payload ?? '');
      if (message.channel !== CHANNEL || !message.payload) return;
      const notice = parseNotice(message.payload);
      if (notice) void handle(notice);
    });
    client.on('error', (error) => {
      console.error('[events] LISTEN connection lost:', error.message);
      void client.end().catch(() => undefined);
      if (listener === client) reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${ACCESS_CHANNEL}`);
    await client.query(`LISTEN ${INVITATION_CHANNEL}`);
    listener = client;
  };

  // Until the listener is back, notices go nowhere: once it is, every stream reads what it missed from
  // the log, and every caller is checked again in case a revocation went by unheard.
  const reconnect = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => {
          fanout.missed();
          accessChanges.notify();
        },
        (error: unknown) => {
          console.error('[events] LISTEN reconnect failed:', error instanceof Error ? error.message : error);
          reconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
  };

  const handle = async (notice: Notice) => {
    if ('event' in notice) return fanout.deliver(notice.event);
    const event = await options.loadEvent(notice.ref.organizationId, notice.ref.id).catch(() => undefined);
    // Unreadable now: the streams read their organization's log instead.
    if (event) fanout.deliver(event);
    else fanout.missed();
  };

  await connect();

  return {
    async publish(events) {
      for (const event of events) {
        const inline = JSON.stringify({ event } satisfies Notice);
        const payload =
          Buffer.byteLength(inline) <= MAX_INLINE_PAYLOAD
            ? inline
            : JSON.stringify({
                ref: { organizationId: event.organizationId, id: event.id },
              } satisfies Notice);
        await options.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      }
    },
    subscribe: (organizationId, handler, onMissed) => fanout.subscribe(organizationId, handler, onMissed),
    async publishAccessChange() {
      await options.pool.query('select pg_notify($1, $2)', [ACCESS_CHANNEL, '']);
    },
    onAccessChange: (handler) => accessChanges.add(handler),
    async publishInvitationChange(email) {
      await options.pool.query('select pg_notify($1, $2)', [INVITATION_CHANNEL, email]);
    },
    onInvitationChange: (handler) => invitationChanges.add(handler),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
    },
  };
}

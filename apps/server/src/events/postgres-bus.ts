import { realtimeEventSchema } from '@switchboard/api-client/contract';
import pg from 'pg';
import * as z from 'zod';
import { type DomainEvent, type EventBus, LocalFanout } from './bus';

const CHANNEL = 'switchboard_events';
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
 * Cross-process events through PostgreSQL LISTEN/NOTIFY: every server process listens on one channel
 * with a dedicated connection and fans the events out to its own SSE clients.
 */
export async function createPostgresBus(options: {
  databaseUrl: string;
  pool: pg.Pool;
  /** Reads an event back by id when it was too big to travel inline. */
  loadEvent(organizationId: string, id: string): Promise<DomainEvent | undefined>;
}): Promise<EventBus> {
  const fanout = new LocalFanout();
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const notice = parseNotice(message.payload);
      if (notice) void handle(notice);
    });
    // A lost listener connection reconnects; clients catch up through Last-Event-ID meanwhile.
    client.on('error', (error) => {
      console.error('[events] LISTEN connection lost:', error.message);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };

  const handle = async (notice: Notice) => {
    if ('event' in notice) return fanout.deliver(notice.event);
    const event = await options.loadEvent(notice.ref.organizationId, notice.ref.id).catch(() => undefined);
    if (event) fanout.deliver(event);
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
    subscribe: (organizationId, handler) => fanout.subscribe(organizationId, handler),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
    },
  };
}

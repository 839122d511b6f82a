import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { activity } from '../db/schema';
import { type Person, signUp } from '../testing/auth-agent';
import { selectedTestDatabase, startTestServer, type TestServer } from '../testing/harness';
import { readSse, type SseMessage } from '../testing/sse';

// Dialect-sensitive: commits interleave only on PostgreSQL, where delivery order is at stake.

const WRITERS = 20;
const TASKS_PER_WRITER = 8;
const createdSchema = z.object({ id: z.string() });

// Concurrent commits only interleave on PostgreSQL: PGlite has one connection, one writer at a time.
describe.skipIf(selectedTestDatabase() === 'pglite')('event delivery under concurrent writers', () => {
  let a: TestServer;
  let b: TestServer;
  let grace: Person;

  beforeAll(async () => {
    // Two server processes behind one database, sharing the session secret as a scaled-out install does.
    const secret = { BETTER_AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters' };
    a = await startTestServer({ env: secret });
    b = await startTestServer({ env: { ...secret, DATABASE_URL: a.env.DATABASE_URL ?? '' } });
    grace = await signUp(a, 'Grace');
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const openStream = (server: TestServer, lastEventId?: string) =>
    server.fetch('/api/v1/events', {
      headers: { cookie: grace.cookieHeader, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    });

  const post = async (server: TestServer, path: string, body: unknown) => {
    const response = await server.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: grace.cookieHeader },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return createdSchema.parse(await response.json());
  };

  /** Collects change ids until the stream has sent `last`, or fails after the timeout. */
  async function changesThrough(stream: ReturnType<typeof readSse>, last: number, into: number[] = []) {
    const isChange = (message: SseMessage) => message.event === 'change';
    while (into.at(-1) !== last) into.push(Number((await stream.next(isChange, 15_000)).id));
    return into;
  }

  const loggedPositions = async (organizationId: string) =>
    (
      await a.server.database.db
        .select({ position: activity.position })
        .from(activity)
        .where(eq(activity.organizationId, organizationId))
        .orderBy(activity.position)
    ).map((row) => row.position);

  it('every client on either process receives every committed event once, in log order', async () => {
    const streams = await Promise.all([a, a, b, b].map(async (server) => readSse(await openStream(server))));
    const ready = await Promise.all(streams.map((stream) => stream.next((m) => m.event === 'ready')));
    const organizationId: string = JSON.parse(ready[0]?.data ?? '{}').organizationId;

    // A client that drops off halfway and comes back, on the other process, with its Last-Event-ID.
    const leaving = readSse(await openStream(b));
    await leaving.next((m) => m.event === 'ready');

    // Each writer has its own project, so nothing but the log itself orders their commits.
    const writers = Array.from({ length: WRITERS }, (_, index) => index);
    await Promise.all(
      writers.map(async (index) => {
        const server = index % 2 === 0 ? a : b;
        const key = `W${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
        const project = await post(server, '/api/v1/projects', { name: `Writer ${index}`, key });
        for (let task = 0; task < TASKS_PER_WRITER; task++) {
          await post(server, `/api/v1/projects/${project.id}/tasks`, { title: `Task ${task} of ${index}` });
        }
      }),
    );

    const logged = await loggedPositions(organizationId);
    expect(logged).toHaveLength(WRITERS * (TASKS_PER_WRITER + 1));
    expect(logged).toEqual(logged.map((_, index) => index + 1));
    const last = logged.length;

    for (const stream of streams) {
      expect(await changesThrough(stream, last)).toEqual(logged);
      await stream.close();
    }

    // The leaver read a third, then missed the rest; its reconnection ends with the whole log.
    const seenBeforeLeaving = await changesThrough(leaving, Math.floor(last / 3));
    await leaving.close();
    const resumed = readSse(await openStream(a, String(seenBeforeLeaving.at(-1))));
    const afterReturning = await changesThrough(resumed, last);
    await resumed.close();
    expect([...seenBeforeLeaving, ...afterReturning]).toEqual(logged);
  }, 120_000);

  it('a client resuming from an id the log never gave out is reset to the log’s end', async () => {
    const stream = readSse(await openStream(b, '999999'));
    const ready = await stream.next((m) => m.event === 'ready');
    const organizationId: string = JSON.parse(ready.data).organizationId;
    const reset = await stream.next((m) => m.event === 'reset');
    expect(Number(reset.id)).toBe((await loggedPositions(organizationId)).length);
    await stream.close();
  });
});

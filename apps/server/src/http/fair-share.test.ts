import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ActingVariables } from '../auth/acting-context';
import { handleError } from './errors';
import { fairShare, type ShareLimits } from './fair-share';

/**
 * An app whose requests wait until the test lets them finish, acting in the organization the request
 * names (`x-org`), so the test sees which requests the share let through. Reads get the share given,
 * unless one of their own is given.
 */
function appWithShare(running: number, waiting: number, reads: ShareLimits = { running, waiting }) {
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const app = new Hono<{ Variables: ActingVariables }>();
  app.use(async (c, next) => {
    c.set('acting', {
      organizationId: c.req.header('x-org') ?? 'a',
      role: 'owner',
      actor: { type: 'user', id: 'u', name: 'U' },
    } as ActingVariables['acting']);
    await next();
  });
  app.use(
    fairShare<{ Variables: ActingVariables }>({
      ownerOf: (c) => c.var.acting.organizationId,
      exempt: new Set(['/exempt']),
      limits: { write: { running, waiting }, read: reads },
    }),
  );
  app.onError(handleError);
  const handler = async (c: Context<{ Variables: ActingVariables }>) => {
    started.push(c.req.path.slice(1));
    await new Promise<void>((resolve) => finishers.push(resolve));
    return c.json({ ok: true });
  };
  app.all('/exempt', handler);
  app.all('/:name', handler);
  const send = async (name: string, method = 'POST', org = 'a', signal?: AbortSignal) =>
    app.request(`/${name}`, { method, headers: { 'x-org': org }, ...(signal && { signal }) });
  /** Lets the oldest running write finish. */
  const finishOne = () => finishers.shift()?.();
  return { send, started, finishOne };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("an organization's share of reads and of writes", () => {
  it('runs a few writes at once, queues the next ones, and refuses past the line with 429 and Retry-After', async () => {
    const { send, started, finishOne } = appWithShare(2, 1);
    const first = send('w1');
    const second = send('w2');
    const queued = send('w3');
    const refused = await send('w4');
    await settle();
    expect(started).toEqual(['w1', 'w2']);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FAIR_SHARE_EXCEEDED');

    finishOne();
    expect((await first).status).toBe(200);
    await settle();
    expect(started).toEqual(['w1', 'w2', 'w3']);
    finishOne();
    finishOne();
    expect((await second).status).toBe(200);
    expect((await queued).status).toBe(200);
  });

  it("lets reads, exempt routes and another organization's writes through while one line is full", async () => {
    const { send, started, finishOne } = appWithShare(1, 0, { running: 1, waiting: 0 });
    const busy = send('a1');
    await settle();
    expect((await send('a2')).status).toBe(429);
    const read = send('read', 'GET');
    const exempt = send('exempt');
    const other = send('b1', 'POST', 'b');
    await settle();
    expect([...started].sort()).toEqual(['a1', 'b1', 'exempt', 'read']);
    for (let finished = 0; finished < 4; finished++) finishOne();
    for (const answer of [busy, read, exempt, other]) expect((await answer).status).toBe(200);
  });

  it('holds reads to a share of their own, refusing past it with a message about reads', async () => {
    const { send, started, finishOne } = appWithShare(4, 4, { running: 1, waiting: 1 });
    const first = send('r1', 'GET');
    const queued = send('r2', 'HEAD');
    const refused = await send('r3', 'GET');
    await settle();
    expect(started).toEqual(['r1']);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: 'FAIR_SHARE_EXCEEDED', message: expect.stringContaining('2 reads') });
    // Another organization's reads, and the organization's own writes, have lines of their own.
    const other = send('b1', 'GET', 'b');
    const write = send('w1');
    await settle();
    expect([...started].sort()).toEqual(['b1', 'r1', 'w1']);
    finishOne();
    expect((await first).status).toBe(200);
    await settle();
    expect(started.at(-1)).toBe('r2');
    for (let finished = 0; finished < 3; finished++) finishOne();
    for (const answer of [queued, other, write]) expect((await answer).status).toBe(200);
  });

  it('drops a waiting write whose client went away, so it never runs and frees its place', async () => {
    const { send, started, finishOne } = appWithShare(1, 1);
    const busy = send('w1');
    const caller = new AbortController();
    const abandoned = send('w2', 'POST', 'a', caller.signal).catch((error: unknown) => error);
    await settle();
    caller.abort();
    await abandoned;
    const next = send('w3');
    await settle();
    finishOne();
    await busy;
    await settle();
    finishOne();
    expect((await next).status).toBe(200);
    expect(started).toEqual(['w1', 'w3']);
  });
});

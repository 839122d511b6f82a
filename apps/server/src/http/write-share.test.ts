import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ActingVariables } from '../auth/acting-context';
import { handleError } from './errors';
import { writeShare } from './write-share';

/**
 * An app whose writes wait until the test lets them finish, acting in the organization the request
 * names (`x-org`), so the test sees which writes the share let through.
 */
function appWithShare(running: number, waiting: number) {
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
    writeShare<{ Variables: ActingVariables }>({
      ownerOf: (c) => c.var.acting.organizationId,
      exempt: new Set(['/exempt']),
      running,
      waiting,
    }),
  );
  app.onError(handleError);
  const handler = async (c: Context<{ Variables: ActingVariables }>) => {
    started.push(c.req.path.slice(1));
    if (c.req.method !== 'GET') await new Promise<void>((resolve) => finishers.push(resolve));
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

describe("an organization's share of writes", () => {
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
    const { send, started, finishOne } = appWithShare(1, 0);
    const busy = send('a1');
    await settle();
    expect((await send('a2')).status).toBe(429);
    expect((await send('read', 'GET')).status).toBe(200);
    const exempt = send('exempt');
    const other = send('b1', 'POST', 'b');
    await settle();
    expect(started).toEqual(['a1', 'read', 'exempt', 'b1']);
    finishOne();
    finishOne();
    finishOne();
    expect((await exempt).status).toBe(200);
    expect((await busy).status).toBe(200);
    expect((await other).status).toBe(200);
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

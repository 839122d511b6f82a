import { FairQueue } from '@switchboard/sandbox/fair-queue';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { AppError } from '../domain/errors';

// Every organization's writes meet in one database (on PGlite, one connection run on the event loop
// itself) and one event loop. So the writes of one caller, and of one organization, are handled a
// few at a time: a flood waits behind itself, in memory, before it reaches the database, while
// another organization's requests, and health, find the database with at most those few ahead of
// them. A line already long is refused (429, Retry-After) instead of lengthened.

export interface WriteShareOptions<Env extends object> {
  /** Whose line a write joins; undefined lets it through (a caller the next step refuses anyway). */
  ownerOf(c: Context<Env>): string | undefined;
  /**
   * Route patterns left out: their work runs on the worker pools, which share themselves fairly,
   * and they write nothing.
   */
  exempt?: ReadonlySet<string>;
  /** Writes of one owner handled at once. @default 4 */
  running?: number;
  /** Writes of one owner waiting for their turn; the next one is refused. @default 64 */
  waiting?: number;
  /** What a refused write is told to wait before trying again. @default 1 */
  retryAfterSeconds?: number;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Holds each write of an owner (a caller, an organization) to its share. */
export function writeShare<Env extends object>(options: WriteShareOptions<Env>): MiddlewareHandler<Env> {
  const runningCap = Math.max(1, options.running ?? 4);
  const waitingCap = Math.max(0, options.waiting ?? 64);
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  // One line per owner, each item the go-ahead of a waiting write, in arrival order. Nothing caps
  // all owners together, so a write waits only for its own owner's.
  const queue = new FairQueue<() => void>(() => runningCap);
  const startWhatMay = () => {
    for (let taken = queue.take(); taken; taken = queue.take()) taken.item();
  };
  // A request whose path matches more than one route pattern passes here more than once.
  const holding = new WeakSet<Request>();

  /** Resolves when the write may go on; false when its client left while it waited. */
  const turn = (owner: string, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      const onAbort = () => {
        if (queue.remove(owner, go)) resolve(false);
      };
      const go = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      queue.push(owner, go);
      signal.addEventListener('abort', onAbort, { once: true });
      startWhatMay();
    });

  return async (c, next) => {
    if (READ_METHODS.has(c.req.method) || holding.has(c.req.raw)) return next();
    const { exempt } = options;
    if (exempt && matchedRoutes(c).some((route) => exempt.has(route.path))) return next();
    const owner = options.ownerOf(c);
    if (owner === undefined) return next();
    if (queue.runningOf(owner) >= runningCap && queue.waitingOf(owner) >= waitingCap) {
      throw new AppError(
        'FAIR_SHARE_EXCEEDED',
        `${queue.runningOf(owner) + queue.waitingOf(owner)} changes of yours are already under way; try again in a moment.`,
        undefined,
        { retryAfterSeconds },
      );
    }
    if (!(await turn(owner, c.req.raw.signal))) {
      // Nobody reads this answer; the write never ran.
      throw new AppError('UNPROCESSABLE', 'The change was not made because its request was cancelled.');
    }
    holding.add(c.req.raw);
    try {
      await next();
    } finally {
      holding.delete(c.req.raw);
      queue.finished(owner);
      startWhatMay();
    }
  };
}

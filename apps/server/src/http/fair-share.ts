import { FairQueue } from '@switchboard/sandbox/fair-queue';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { DatabaseKind } from '../db/client';
import { AppError } from '../domain/errors';

// Every organization's requests meet in one database (on PGlite, one connection run on the event
// loop itself) and one event loop. So the requests of one caller, and of one organization, are
// handled a few at a time, reads and writes each to a share of their own: a flood waits behind
// itself, in memory, before it reaches the database, while another organization's requests, and
// health, find the database and the event loop with at most those few ahead of them. A line already
// long is refused (429, Retry-After) instead of lengthened.

/** How many requests of one kind an owner has handled at once, and how many more may wait. */
export interface ShareLimits {
  running: number;
  waiting: number;
}

export type RequestKind = 'read' | 'write';

/**
 * Each owner's (a caller's, an organization's) share, by database. PGlite runs one statement at a
 * time on the event loop, and holds every other query for the whole of a write's transaction: there,
 * one write of an owner at a time is all it can use, and one read too: its statements run one after
 * another anyway, so a second read in flight only puts more of its queries ahead of everyone else's.
 * Measured with 60 reads at once from one organization (bench and noisy-neighbour case, two passes
 * each on a loaded 2-core machine), the neighbour's p99 under the flood was, one read at once against
 * two: health 263 and 738 ms against 750 and 795, its task list 384 and 864 ms against 941 and 1,034
 * (in the test, health 1,016 and 522 ms against 1,107 and 600). PostgreSQL's pool of ten connections serves
 * a few of each owner at once and keeps connections free for the others. Reads wait in a shorter line
 * than writes: a page asks for a dozen things at once, not sixty, and a read refused is simply asked
 * again, where a write refused must be made again.
 */
export const FAIR_SHARES: Record<DatabaseKind, Record<RequestKind, ShareLimits>> = {
  pglite: { write: { running: 1, waiting: 64 }, read: { running: 1, waiting: 32 } },
  postgres: { write: { running: 4, waiting: 64 }, read: { running: 4, waiting: 32 } },
};

export interface FairShareOptions<Env extends object> {
  /** Whose line a request joins; undefined lets it through (a caller the next step refuses anyway). */
  ownerOf(c: Context<Env>): string | undefined;
  /**
   * Route patterns left out: those whose work runs on the worker pools, which share themselves
   * fairly, and those whose client would not ask again after a refusal (the event stream).
   */
  exempt?: ReadonlySet<string>;
  limits: Record<RequestKind, ShareLimits>;
  /** What a refused request is told to wait before trying again. @default 1 */
  retryAfterSeconds?: number;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const kindOf = (method: string): RequestKind => (READ_METHODS.has(method) ? 'read' : 'write');

const REFUSALS: Record<RequestKind, (count: number) => string> = {
  read: (count) => `${count} reads of yours are already under way; try again in a moment.`,
  write: (count) => `${count} changes of yours are already under way; try again in a moment.`,
};

/** Holds each request of an owner (a caller, an organization) to its share of reads or of writes. */
export function fairShare<Env extends object>(options: FairShareOptions<Env>): MiddlewareHandler<Env> {
  const { limits } = options;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  // One line per owner and kind, each item the go-ahead of a waiting request, in arrival order. Nothing
  // caps all owners together, so a request waits only for its own owner's of its kind.
  const lineOf = (owner: string, kind: RequestKind) => `${kind}:${owner}`;
  const kindOfLine = (line: string): RequestKind => (line.startsWith('read:') ? 'read' : 'write');
  const queue = new FairQueue<() => void>((line) => Math.max(1, limits[kindOfLine(line)].running));
  const startWhatMay = () => {
    for (let taken = queue.take(); taken; taken = queue.take()) taken.item();
  };
  // A request whose path matches more than one route pattern passes here more than once.
  const holding = new WeakSet<Request>();

  /** Resolves when the request may go on; false when its client left while it waited. */
  const turn = (line: string, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      const onAbort = () => {
        if (queue.remove(line, go)) resolve(false);
      };
      const go = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      queue.push(line, go);
      signal.addEventListener('abort', onAbort, { once: true });
      startWhatMay();
    });

  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || holding.has(c.req.raw)) return next();
    const { exempt } = options;
    if (exempt && matchedRoutes(c).some((route) => exempt.has(route.path))) return next();
    const owner = options.ownerOf(c);
    if (owner === undefined) return next();
    const kind = kindOf(c.req.method);
    const line = lineOf(owner, kind);
    if (queue.runningOf(line) >= limits[kind].running && queue.waitingOf(line) >= limits[kind].waiting) {
      throw new AppError(
        'FAIR_SHARE_EXCEEDED',
        REFUSALS[kind](queue.runningOf(line) + queue.waitingOf(line)),
        undefined,
        { retryAfterSeconds },
      );
    }
    if (!(await turn(line, c.req.raw.signal))) {
      // Nobody reads this answer; the request never ran.
      throw new AppError('UNPROCESSABLE', 'The request was not handled because it was cancelled.');
    }
    holding.add(c.req.raw);
    try {
      await next();
    } finally {
      holding.delete(c.req.raw);
      queue.finished(line);
      startWhatMay();
    }
  };
}

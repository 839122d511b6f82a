import { AsyncResource } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { FairQueue } from '@switchboard/sandbox/fair-queue';
import { currentWorkOwner } from './work-owner';

// PGlite has one connection, run on the event loop: it takes statements and transactions strictly in
// arrival order, so a hundred queries of one organization sent at once would make another
// organization's single query wait for all of them. Here the work goes in one at a time, taken from
// per-owner lines in turns (FairQueue): another organization's query waits for at most one item of
// each busy owner, and each owner's own queries and transactions keep their order.

/** Lets database work in one item at a time, owners (work-owner.ts) taking turns. */
export class DatabaseTurns {
  private readonly queue = new FairQueue<() => Promise<void>>(() => 1);
  private busy = false;

  /** Runs `work` (one statement, or a whole transaction) when its owner's turn comes. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Bound to the caller's context: a transaction's callback is the caller's code, and must see
      // the caller's request, not whichever one finished just before it.
      const item = AsyncResource.bind(() => new Promise<T>((run) => run(work())).then(resolve, reject));
      this.queue.push(currentWorkOwner(), item);
      this.next();
    });
  }

  /** Items waiting for their turn, of every owner. */
  get waiting(): number {
    return this.queue.size;
  }

  private next(): void {
    if (this.busy) return;
    const taken = this.queue.take();
    if (!taken) return;
    this.busy = true;
    void taken.item().finally(() => {
      this.queue.finished(taken.owner);
      this.busy = false;
      this.next();
    });
  }
}

/**
 * The client Drizzle is given: statements and transactions wait for their turn. Drizzle's PGlite
 * session calls only these three; anything that reaches the client another way (the health check's
 * ping) goes straight in, behind at most the one item under way.
 */
export function takingTurns(client: PGlite, turns: DatabaseTurns): PGlite {
  const inTurns: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: <T>(...args: Parameters<PGlite['query']>) => turns.run(() => client.query<T>(...args)),
    exec: (...args) => turns.run(() => client.exec(...args)),
    transaction: <T>(callback: Parameters<PGlite['transaction']>[0]) =>
      turns.run(() => client.transaction(callback) as Promise<T>),
  };
  return inTurns as PGlite;
}

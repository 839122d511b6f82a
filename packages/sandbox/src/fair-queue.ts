/**
 * Items waiting for a worker, kept per owner and served in turns: the owner served longest ago goes
 * first, and an owner already running as many items as its cap allows is passed over until one of
 * them finishes. So one owner's hundred waiting jobs delay another owner's single job by one turn,
 * not by a hundred.
 */
export class FairQueue<Item> {
  /** Owners in turn order: Map keeps insertion order, and a served owner is moved to the back. */
  private readonly waiting = new Map<string, Item[]>();
  private readonly running = new Map<string, number>();
  private waitingCount = 0;

  /** @param runningCap how many items of an owner may run at once */
  constructor(private readonly runningCap: (owner: string) => number) {}

  /** Items waiting, of every owner. */
  get size(): number {
    return this.waitingCount;
  }

  waitingOf(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  runningOf(owner: string): number {
    return this.running.get(owner) ?? 0;
  }

  push(owner: string, item: Item): void {
    const items = this.waiting.get(owner);
    if (items) items.push(item);
    else this.waiting.set(owner, [item]);
    this.waitingCount++;
  }

  /** Takes a waiting item out without running it; false when it is not waiting. */
  remove(owner: string, item: Item): boolean {
    const items = this.waiting.get(owner);
    const index = items?.indexOf(item) ?? -1;
    if (!items || index < 0) return false;
    items.splice(index, 1);
    if (items.length === 0) this.waiting.delete(owner);
    this.waitingCount--;
    return true;
  }

  /**
   * The next item to run, counted as running until `finished(owner)`; undefined when none may start.
   * An owner whose next item does not `fit` (the pool cannot hold what it needs yet) is passed over.
   */
  take(fits: (item: Item) => boolean = () => true): { owner: string; item: Item } | undefined {
    for (const [owner, items] of this.waiting) {
      if (this.runningOf(owner) >= this.runningCap(owner)) continue;
      if (!fits(items[0] as Item)) continue;
      const item = items.shift() as Item;
      this.waiting.delete(owner);
      if (items.length > 0) this.waiting.set(owner, items);
      this.waitingCount--;
      this.running.set(owner, this.runningOf(owner) + 1);
      return { owner, item };
    }
    return undefined;
  }

  /** How many waiting items could start now, given free workers. */
  startable(): number {
    let count = 0;
    for (const [owner, items] of this.waiting) {
      count += Math.min(items.length, Math.max(0, this.runningCap(owner) - this.runningOf(owner)));
    }
    return count;
  }

  /** One of the owner's running items is done. */
  finished(owner: string): void {
    const left = this.runningOf(owner) - 1;
    if (left > 0) this.running.set(owner, left);
    else this.running.delete(owner);
  }

  /** Takes every waiting item out, in no particular order. */
  drain(): Item[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.waitingCount = 0;
    return all;
  }
}

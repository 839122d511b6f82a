import type { LogStretch } from '../domain/activity';
import type { DomainEvent } from './bus';

export interface OrderedDeliveryOptions {
  /** Reads the committed log after a position, oldest first, at most `limit` rows. */
  readAfter(position: number, limit: number): Promise<LogStretch>;
  /** Writes one event to the client; resolves once written. */
  send(event: DomainEvent): Promise<void>;
  /** Called once when a read or a write fails; the stream should end so the client resumes. */
  onFailure(error: unknown): void;
  /** Rows read from the log at a time. @default 500 */
  pageSize?: number;
  /**
   * How long a gap may wait for its event to arrive from the bus before it is read from the log:
   * events of concurrent commits often arrive a moment out of order, and waiting spares a query.
   * @default 20
   */
  gapGraceMs?: number;
}

const positionOf = (event: DomainEvent) => Number(event.id);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one organization's events to one stream in log order, each exactly once. Positions are
 * gapless and follow commit order, so a bus event at position n proves that every position below n has
 * committed: events that arrive early wait, events that arrive twice or late are dropped, and a gap
 * that the bus does not fill is read from the log. A bus that may have lost events says so through
 * `catchUp`, which reads whatever was committed since the last event sent.
 */
export class OrderedDelivery {
  private sentThrough = 0;
  /** The highest position known to be committed; everything up to it is owed to the client. */
  private owedThrough = 0;
  private readonly early = new Map<number, DomainEvent>();
  private started = false;
  private running: Promise<void> | undefined;
  private failed = false;
  private lookAtLog = false;

  constructor(private readonly options: OrderedDeliveryOptions) {}

  /** The position of the last event sent (or skipped as already known to the client). */
  get position(): number {
    return this.sentThrough;
  }

  /**
   * Starts delivering after `position`, what the client already has; `owedThrough` is the last
   * position committed now, sent from the log first. Events offered before the start are kept.
   */
  start(position: number, owedThrough = position): void {
    this.sentThrough = position;
    this.owedThrough = Math.max(this.owedThrough, owedThrough);
    this.started = true;
    this.lookAtLog = owedThrough > position;
    this.wake();
  }

  /** An event from the bus: possibly early, late, or one the client already has. */
  offer(event: DomainEvent): void {
    const position = positionOf(event);
    if (!Number.isSafeInteger(position) || (this.started && position <= this.sentThrough)) return;
    this.early.set(position, event);
    this.owedThrough = Math.max(this.owedThrough, position);
    this.wake();
  }

  /** Reads the log for anything committed since the last event sent (after the bus lost messages). */
  catchUp(): void {
    this.lookAtLog = true;
    this.wake();
  }

  /** Resolves when everything known so far has been sent (for tests and orderly shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private wake(): void {
    if (!this.started || this.failed || this.running) return;
    this.running = this.deliver()
      .catch((error: unknown) => {
        this.failed = true;
        this.options.onFailure(error);
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  private async deliver(): Promise<void> {
    for (;;) {
      await this.sendConsecutive();
      if (this.lookAtLog) {
        this.lookAtLog = false;
        await this.readLog();
        continue;
      }
      if (this.owedThrough <= this.sentThrough) return;
      // A gap: its event may still be on its way through the bus.
      await pause(this.options.gapGraceMs ?? 20);
      await this.sendConsecutive();
      if (this.owedThrough > this.sentThrough) await this.readLog();
    }
  }

  private async sendConsecutive(): Promise<void> {
    for (const position of this.early.keys()) {
      if (position <= this.sentThrough) this.early.delete(position);
    }
    for (;;) {
      const next = this.early.get(this.sentThrough + 1);
      if (!next) return;
      this.early.delete(this.sentThrough + 1);
      await this.options.send(next);
      this.sentThrough += 1;
    }
  }

  private async readLog(): Promise<void> {
    const stretch = await this.options.readAfter(this.sentThrough, this.options.pageSize ?? 500);
    for (const event of stretch.events) {
      if (positionOf(event) <= this.sentThrough) continue;
      await this.options.send(event);
      this.sentThrough = positionOf(event);
    }
    const through = stretch.throughPosition;
    if (through === undefined) {
      // Nothing committed past what was sent: whatever was owed is gone (its organization's rows
      // were deleted), so waiting for it would stall the stream forever.
      this.owedThrough = this.sentThrough;
      return;
    }
    this.sentThrough = Math.max(this.sentThrough, through);
    this.owedThrough = Math.max(this.owedThrough, through);
    if (stretch.more) this.lookAtLog = true;
  }
}

import type { RealtimeEvent } from '@switchboard/api-client/contract';
import { describeForLog } from '../domain/errors';

/** A committed change as every subscriber receives it: one member of the contract's event union. */
export type DomainEvent = RealtimeEvent;
export type EventListener = (event: DomainEvent) => void;

/**
 * Carries committed changes to every SSE client. In one process an in-memory fan-out suffices; with
 * PostgreSQL the events cross processes through LISTEN/NOTIFY (postgres-bus.ts).
 *
 * Events may arrive out of order or, after a lost connection, not at all: subscribers that need the
 * whole log put them in order and fill gaps from the activity table (ordered-delivery.ts), and
 * `onMissed` tells them when the bus knows it may have dropped some.
 */
export interface EventBus {
  publish(events: DomainEvent[]): Promise<void>;
  subscribe(organizationId: string, listener: EventListener, onMissed?: () => void): () => void;
  /**
   * Says, to every process, that some caller may have lost access: a key deleted, a session revoked,
   * a member removed. Open streams and MCP sessions check their caller again on it.
   */
  publishAccessChange(): Promise<void>;
  /** Calls `listener` on every access change announced by any process; returns the unsubscribe. */
  onAccessChange(listener: () => void): () => void;
  /**
   * Says, to every process, that the invitations to an address (lower case) changed: one was sent,
   * cancelled, accepted or declined. The invitee's open streams tell their pages to read them again.
   */
  publishInvitationChange(email: string): Promise<void>;
  /** Calls `listener` with the address of every invitation change any process announces. */
  onInvitationChange(listener: (email: string) => void): () => void;
  close(): Promise<void>;
}

interface Subscriber {
  listener: EventListener;
  onMissed?: () => void;
}

function safely(what: string, call: () => void): void {
  try {
    call();
  } catch (error) {
    console.error(`[events] ${what} failed: ${describeForLog(error)}`);
  }
}

/** Delivers events to this process's subscribers, per organization. */
export class LocalFanout {
  private readonly subscribers = new Map<string, Set<Subscriber>>();

  subscribe(organizationId: string, listener: EventListener, onMissed?: () => void): () => void {
    let set = this.subscribers.get(organizationId);
    if (!set) {
      set = new Set();
      this.subscribers.set(organizationId, set);
    }
    const subscriber: Subscriber = { listener, onMissed };
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(organizationId);
    };
  }

  deliver(event: DomainEvent): void {
    for (const { listener } of this.subscribers.get(event.organizationId) ?? []) {
      safely('a subscriber', () => listener(event));
    }
  }

  /** Tells every subscriber that events may have been lost (the bus was disconnected a while). */
  missed(): void {
    for (const set of this.subscribers.values()) {
      for (const { onMissed } of set) if (onMissed) safely('a catch-up', onMissed);
    }
  }

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }
}

/** A set of signal listeners: access changes (no value), invitation changes (an address). */
export class SignalListeners<T = void> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(value: T): void {
    for (const listener of this.listeners) safely('a signal listener', () => listener(value));
  }
}

export function createMemoryBus(): EventBus {
  const fanout = new LocalFanout();
  const accessChanges = new SignalListeners();
  const invitationChanges = new SignalListeners<string>();
  return {
    async publish(events) {
      for (const event of events) fanout.deliver(event);
    },
    subscribe: (organizationId, listener, onMissed) => fanout.subscribe(organizationId, listener, onMissed),
    async publishAccessChange() {
      accessChanges.notify();
    },
    onAccessChange: (listener) => accessChanges.add(listener),
    async publishInvitationChange(email) {
      invitationChanges.notify(email);
    },
    onInvitationChange: (listener) => invitationChanges.add(listener),
    async close() {},
  };
}

import type { RealtimeEvent } from '@switchboard/api-client/contract';

/** A committed change as every subscriber receives it: one member of the contract's event union. */
export type DomainEvent = RealtimeEvent;
export type EventListener = (event: DomainEvent) => void;

/**
 * Carries committed changes to every SSE client. In one process an in-memory fan-out suffices; with
 * PostgreSQL the events cross processes through LISTEN/NOTIFY (postgres-bus.ts).
 */
export interface EventBus {
  publish(events: DomainEvent[]): Promise<void>;
  subscribe(organizationId: string, listener: EventListener): () => void;
  close(): Promise<void>;
}

/** Delivers events to this process's subscribers, per organisation. */
export class LocalFanout {
  private readonly listeners = new Map<string, Set<EventListener>>();

  subscribe(organizationId: string, listener: EventListener): () => void {
    let set = this.listeners.get(organizationId);
    if (!set) {
      set = new Set();
      this.listeners.set(organizationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organizationId);
    };
  }

  deliver(event: DomainEvent): void {
    for (const listener of this.listeners.get(event.organizationId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        console.error('[events] a subscriber failed:', error);
      }
    }
  }

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}

export function createMemoryBus(): EventBus {
  const fanout = new LocalFanout();
  return {
    async publish(events) {
      for (const event of events) fanout.deliver(event);
    },
    subscribe: (organizationId, listener) => fanout.subscribe(organizationId, listener),
    async close() {},
  };
}

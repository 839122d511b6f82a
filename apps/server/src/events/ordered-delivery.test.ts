import type { RealtimeEvent } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import type { LogStretch } from '../domain/activity';
import { OrderedDelivery } from './ordered-delivery';

function eventAt(position: number): RealtimeEvent {
  return {
    id: String(position),
    organizationId: 'org',
    projectId: 'p',
    actor: { type: 'user', id: 'u', name: 'Ada' },
    createdAt: new Date(0).toISOString(),
    action: 'project.deleted',
    entity: 'project',
    entityId: 'p',
    summary: `change ${position}`,
    data: { workUnits: 0, tasks: 0 },
  };
}

/** A committed log of positions 1..last, and a delivery writing what it sends into `sent`. */
function setUp(last: number, options: { gapGraceMs?: number; pageSize?: number } = {}) {
  const sent: number[] = [];
  const reads: number[] = [];
  const failures: unknown[] = [];
  let committed = last;
  const delivery = new OrderedDelivery({
    readAfter: async (position, limit): Promise<LogStretch> => {
      reads.push(position);
      const positions = Array.from({ length: Math.max(0, committed - position) }, (_, i) => position + i + 1);
      const page = positions.slice(0, limit);
      return { events: page.map(eventAt), throughPosition: page.at(-1), more: page.length === limit };
    },
    send: async (event) => {
      sent.push(Number(event.id));
    },
    onFailure: (error) => failures.push(error),
    gapGraceMs: options.gapGraceMs ?? 5,
    pageSize: options.pageSize,
  });
  return { delivery, sent, reads, failures, commit: (position: number) => (committed = position) };
}

describe('OrderedDelivery', () => {
  it('sends events that arrive in order without reading the log', async () => {
    const { delivery, sent, reads } = setUp(3);
    delivery.start(0);
    for (const position of [1, 2, 3]) delivery.offer(eventAt(position));
    await delivery.settled();
    expect(sent).toEqual([1, 2, 3]);
    expect(reads).toEqual([]);
  });

  it('holds an early event until the one before it arrives', async () => {
    const { delivery, sent, reads } = setUp(3, { gapGraceMs: 50 });
    delivery.start(0);
    delivery.offer(eventAt(2));
    delivery.offer(eventAt(1));
    delivery.offer(eventAt(3));
    await delivery.settled();
    expect(sent).toEqual([1, 2, 3]);
    expect(reads).toEqual([]);
  });

  it('reads a gap the bus never fills from the log', async () => {
    const { delivery, sent, reads } = setUp(4);
    delivery.start(0);
    delivery.offer(eventAt(1));
    delivery.offer(eventAt(4));
    await delivery.settled();
    expect(sent).toEqual([1, 2, 3, 4]);
    expect(reads).toEqual([1]);
  });

  it('drops duplicates and events the client already has', async () => {
    const { delivery, sent } = setUp(3);
    delivery.start(1);
    delivery.offer(eventAt(1));
    delivery.offer(eventAt(2));
    delivery.offer(eventAt(2));
    delivery.offer(eventAt(3));
    delivery.offer(eventAt(3));
    await delivery.settled();
    expect(sent).toEqual([2, 3]);
  });

  it('replays what a resuming client missed before the events that arrive meanwhile', async () => {
    const { delivery, sent, commit } = setUp(5);
    commit(6);
    delivery.offer(eventAt(6));
    delivery.start(2, 5);
    await delivery.settled();
    expect(sent).toEqual([3, 4, 5, 6]);
  });

  it('reads a long replay page after page', async () => {
    const { delivery, sent, reads } = setUp(7, { pageSize: 3 });
    delivery.start(0, 7);
    await delivery.settled();
    expect(sent).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reads).toEqual([0, 3, 6]);
  });

  it('catches up from the log when the bus says it lost events', async () => {
    const { delivery, sent, commit } = setUp(0);
    delivery.start(0);
    commit(2);
    delivery.catchUp();
    await delivery.settled();
    expect(sent).toEqual([1, 2]);
  });

  it('reports a failed write once and stops', async () => {
    const failures: unknown[] = [];
    const delivery = new OrderedDelivery({
      readAfter: async () => ({ events: [], more: false }),
      send: async () => {
        throw new Error('client gone');
      },
      onFailure: (error) => failures.push(error),
    });
    delivery.start(0);
    delivery.offer(eventAt(1));
    await delivery.settled();
    delivery.offer(eventAt(2));
    await delivery.settled();
    expect(failures).toHaveLength(1);
  });
});

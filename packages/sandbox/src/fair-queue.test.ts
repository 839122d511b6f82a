import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

const takeAll = (queue: FairQueue<string>) => {
  const taken: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) taken.push(next.item);
  return taken;
};

describe('a fair queue', () => {
  it('serves owners in turns, not in arrival order', () => {
    const queue = new FairQueue<string>(() => 10);
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    expect(takeAll(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queue.size).toBe(0);
  });

  it('passes over an owner at its running cap until one of its items finishes', () => {
    const queue = new FairQueue<string>((owner) => (owner === 'a' ? 1 : 2));
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(takeAll(queue)).toEqual(['a1', 'b1']);
    expect(queue.startable()).toBe(0);
    expect(queue.runningOf('a')).toBe(1);
    queue.finished('a');
    expect(queue.startable()).toBe(1);
    expect(takeAll(queue)).toEqual(['a2']);
  });

  it('counts what could start now, each owner up to its free share', () => {
    const queue = new FairQueue<string>(() => 2);
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    queue.push('b', 'b1');
    expect(queue.startable()).toBe(3);
    expect(queue.waitingOf('a')).toBe(3);
  });

  it('removes a waiting item and forgets an owner with none left', () => {
    const queue = new FairQueue<string>(() => 1);
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.waitingOf('a')).toBe(0);
    expect(queue.size).toBe(1);
    expect(queue.drain()).toEqual(['b1']);
    expect(queue.size).toBe(0);
  });

  it("passes over an owner whose next item does not fit, and keeps that item first in the owner's line", () => {
    const queue = new FairQueue<string>(() => 5);
    queue.push('a', 'a-big');
    queue.push('a', 'a-small');
    queue.push('b', 'b-small');
    const small = (item: string) => item.endsWith('small');
    expect(queue.take(small)).toEqual({ owner: 'b', item: 'b-small' });
    expect(queue.take(small)).toBeUndefined();
    expect(queue.take()).toEqual({ owner: 'a', item: 'a-big' });
  });
});

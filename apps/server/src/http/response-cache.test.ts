import { describe, expect, it } from 'vitest';
import { matchesEntityTag, ResponseCache } from './response-cache';

const text = (answer: { body: Uint8Array } | undefined) =>
  answer ? new TextDecoder().decode(answer.body) : undefined;

describe('ResponseCache', () => {
  it('serves an answer only at the position it was read at, and not from its stale moment on', () => {
    const cache = new ResponseCache(1_000);
    cache.set('list', '[1]', 7, 100);
    expect(text(cache.get('list', 7, 99))).toBe('[1]');
    expect(cache.get('list', 8, 99)).toBeUndefined();
    cache.set('list', '[2]', 8, 100);
    expect(cache.get('list', 8, 100)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays within its size, evicting the least recently read first', () => {
    const cache = new ResponseCache(60);
    cache.set('a', 'x'.repeat(20), 1, Infinity);
    cache.set('b', 'y'.repeat(20), 1, Infinity);
    cache.get('a', 1, 0);
    cache.set('c', 'z'.repeat(20), 1, Infinity);
    expect(text(cache.get('a', 1, 0))).toBe('x'.repeat(20));
    expect(cache.get('b', 1, 0)).toBeUndefined();
    expect(text(cache.get('c', 1, 0))).toBe('z'.repeat(20));
    expect(cache.totalBytes).toBeLessThanOrEqual(60);
  });

  it('keeps nothing larger than itself but still answers it', () => {
    const cache = new ResponseCache(10);
    const answer = cache.set('big', 'x'.repeat(50), 1, Infinity);
    expect(text(answer)).toBe('x'.repeat(50));
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
  });

  it('replaces an earlier answer of the same key without counting it twice', () => {
    const cache = new ResponseCache(1_000);
    cache.set('list', 'old', 1, Infinity);
    cache.set('list', 'new', 2, Infinity);
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(2 * 'list'.length + 3);
  });

  it('tags equal bytes alike and different bytes apart', () => {
    const cache = new ResponseCache(1_000);
    const one = cache.set('a', '{"items":[]}', 1, Infinity);
    const same = cache.set('b', '{"items":[]}', 2, Infinity);
    const other = cache.set('c', '{"items":[1]}', 2, Infinity);
    expect(one.etag).toBe(same.etag);
    expect(one.etag).not.toBe(other.etag);
  });
});

describe('matchesEntityTag', () => {
  it('reads lists, weak tags and the wildcard', () => {
    expect(matchesEntityTag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEntityTag('*', '"b"')).toBe(true);
    expect(matchesEntityTag('"a"', '"b"')).toBe(false);
    expect(matchesEntityTag(undefined, '"b"')).toBe(false);
  });
});

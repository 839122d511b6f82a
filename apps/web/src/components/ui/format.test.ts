import { describe, expect, it } from 'vitest';
import { relativeTime } from './format';

describe('relativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it.each([
    ['2026-11-21T11:59:30Z', 'just now'],
    ['2026-11-21T11:55:00Z', '5 minutes ago'],
    ['2026-11-21T09:00:00Z', '3 hours ago'],
    ['2026-11-20T12:00:00Z', 'yesterday'],
    ['2026-11-28T12:00:00Z', 'next week'],
    ['2026-11-27T12:00:00Z', 'in 6 days'],
  ])('%s is %s', (date, text) => {
    expect(relativeTime(date, now)).toBe(text);
  });

  it('is empty for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});

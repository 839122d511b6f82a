import { describe, expect, it } from 'vitest';
import { counterShown, tooLong } from './text-limits';

describe('text limits', () => {
  it('shows the count only near the limit', () => {
    expect(counterShown('x'.repeat(239), 300)).toBe(false);
    expect(counterShown('x'.repeat(240), 300)).toBe(true);
  });

  it('refuses a longer text with its numbers, and takes one at the limit', () => {
    expect(tooLong('A title', 'x'.repeat(300), 300)).toBeUndefined();
    expect(tooLong('A description', 'x'.repeat(273_889), 100_000)).toBe(
      'A description has at most 100,000 characters; this one has 273,889 (173,889 too many). Nothing was cut.',
    );
  });
});

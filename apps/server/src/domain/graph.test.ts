import { describe, expect, it } from 'vitest';
import { reaches } from './graph';

const edges: Record<string, string[]> = { a: ['b', 'c'], b: ['d'], c: ['d'], d: [], e: ['e'] };
const next = (id: string) => edges[id] ?? [];

describe('reaches', () => {
  it('follows edges transitively', () => {
    expect(reaches(['a'], 'd', next)).toBe(true);
    expect(reaches(['b'], 'c', next)).toBe(false);
  });

  it('counts a start equal to the target', () => {
    expect(reaches(['d'], 'd', next)).toBe(true);
  });

  it('terminates on cycles and shared descendants', () => {
    expect(reaches(['e'], 'a', next)).toBe(false);
    expect(reaches(['a', 'b', 'c'], 'z', next)).toBe(false);
  });
});

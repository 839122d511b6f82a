import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { appendedPositions, containsPattern, decodeCursor, encodeCursor, endOfColumn } from './ordering';

describe('cursors', () => {
  it('round-trip a board place exactly, fractions included', () => {
    const place = { statusPosition: 2, position: 1.000_000_000_000_2, number: 41 };
    expect(decodeCursor(encodeCursor(place))).toEqual(place);
  });

  it('refuse anything the API did not hand out with a validation error', () => {
    for (const bad of [
      '',
      'not-base64!',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(AppError);
    }
  });
});

describe('endOfColumn', () => {
  it('starts at 1 and goes past the last card', () => {
    expect(endOfColumn(null)).toBe(1);
    expect(endOfColumn(3)).toBe(4);
    expect(endOfColumn(3.75)).toBe(4);
    expect(endOfColumn(-2.5)).toBe(-2);
  });
});

describe('appendedPositions', () => {
  it('places each card after the one before, as appending them one by one does', () => {
    expect(appendedPositions(4, 3)).toEqual([4, 5, 6]);
    let end = 2.5;
    const singly = [];
    for (let card = 0; card < 3; card++) {
      singly.push(end);
      end = endOfColumn(end);
    }
    expect(appendedPositions(2.5, 3)).toEqual(singly);
    expect(appendedPositions(1, 0)).toEqual([]);
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

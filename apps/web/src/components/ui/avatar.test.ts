import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words, or two of one word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Grace Brewster Hopper')).toBe('GH');
    expect(initialsOf('acme')).toBe('AC');
    expect(initialsOf('  ', 'ada@example.test')).toBe('AD');
  });

  it('never splits a character: emoji stand alone, accented letters stay whole', () => {
    expect(initialsOf('😀nn')).toBe('😀');
    expect(initialsOf('A😀')).toBe('A');
    expect(initialsOf('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧');
    expect(initialsOf('Zoë E\u0301lan')).toBe('ZE\u0301');
    expect(initialsOf('')).toBe('?');
  });
});

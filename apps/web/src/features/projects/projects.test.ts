import { describe, expect, it } from 'vitest';
import { suggestProjectKey } from './projects';

describe('suggestProjectKey', () => {
  it('uses initials of several words, or the start of one', () => {
    expect(suggestProjectKey('Switchboard')).toBe('SWI');
    expect(suggestProjectKey('Agent Session Tracker')).toBe('AST');
    expect(suggestProjectKey('my web app v2')).toBe('MWAV');
    expect(suggestProjectKey('Café Olé')).toBe('CO');
  });

  it('always fits the contract: 2–6 capitals', () => {
    for (const name of ['x', 'A', 'q-1', 'Über lange Projektbezeichnung mit vielen Wörtern', '123 Go']) {
      const key = suggestProjectKey(name);
      expect(key, name).toMatch(/^[A-Z]{2,6}$/);
    }
    expect(suggestProjectKey('')).toBe('');
    expect(suggestProjectKey('123 !!')).toBe('');
  });

  it('avoids keys already taken', () => {
    expect(suggestProjectKey('Switchboard', ['SWI'])).toBe('SWIT');
    expect(suggestProjectKey('Agent Session Tracker', ['AST'])).toBe('AGE');
    const taken = ['AA', 'AAA', 'AAB'];
    expect(taken).not.toContain(suggestProjectKey('A', taken));
  });
});

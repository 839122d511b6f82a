import { describe, expect, it } from 'vitest';
import {
  cleanDeviceName,
  DEVICE_NAME_MAX_LENGTH,
  generateUserCode,
  normalizeUserCode,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
} from './user-code';

describe('user codes', () => {
  it('are drawn from the alphabet without vowels or look-alikes, at full length', () => {
    for (let round = 0; round < 200; round++) {
      const code = generateUserCode();
      expect(code).toHaveLength(USER_CODE_LENGTH);
      for (const character of code) expect(USER_CODE_ALPHABET).toContain(character);
    }
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY01]/);
  });

  it('match whatever case and separators a person types', () => {
    expect(normalizeUserCode(' bcdf-ghjk ')).toBe('BCDFGHJK');
    expect(normalizeUserCode('bcdf ghjk')).toBe('BCDFGHJK');
  });
});

describe('cleanDeviceName', () => {
  it('drops control characters and surrounding space, and cuts long names', () => {
    expect(cleanDeviceName('  ada\u0007-laptop\n ')).toBe('ada-laptop');
    expect(cleanDeviceName('x'.repeat(200))).toHaveLength(DEVICE_NAME_MAX_LENGTH);
  });

  it('has no name for blanks or non-strings', () => {
    expect(cleanDeviceName(' \u0000 ')).toBeUndefined();
    expect(cleanDeviceName(42)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  optionalSearchParam,
  optionalSearchString,
  requiredSearchParam,
  requiredSearchString,
} from './search';

const samples: unknown[] = [
  'abc',
  '  WXYZ-2345 ',
  '',
  '   ',
  12345678,
  0,
  true,
  null,
  undefined,
  { a: 1 },
  ['x'],
];

describe('optionalSearchParam', () => {
  it('keeps strings and drops anything else', () => {
    expect(optionalSearchParam('/dashboard')).toBe('/dashboard');
    expect(optionalSearchParam('')).toBe('');
    expect(optionalSearchParam(42)).toBeUndefined();
    expect(optionalSearchParam(undefined)).toBeUndefined();
  });

  it('agrees with optionalSearchString', () => {
    for (const value of samples)
      expect(optionalSearchParam(value)).toEqual(optionalSearchString.parse(value));
  });
});

describe('requiredSearchParam', () => {
  it('trims strings and turns numbers into strings', () => {
    expect(requiredSearchParam('  WXYZ-2345 ', 'code')).toBe('WXYZ-2345');
    expect(requiredSearchParam(12345678, 'code')).toBe('12345678');
  });

  it('fails with "<name> is required" on anything missing or blank', () => {
    for (const value of [undefined, null, '', '   ', true, {}]) {
      expect(() => requiredSearchParam(value, 'session_id')).toThrow('session_id is required');
    }
  });

  it('agrees with requiredSearchString', () => {
    const schema = z.object({ code: requiredSearchString('code') });
    for (const value of samples) {
      const expected = schema.safeParse({ code: value });
      if (expected.success) expect(requiredSearchParam(value, 'code')).toBe(expected.data.code);
      else expect(() => requiredSearchParam(value, 'code')).toThrow('code is required');
    }
  });
});

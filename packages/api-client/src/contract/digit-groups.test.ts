import { describe, expect, it } from 'vitest';
import { withDigitGroups } from './digit-groups';

describe('withDigitGroups', () => {
  it.each([0, 7, 999, 1_000, 20_000, 524_288, 1_048_576, 123_456_789, -4_500])(
    'writes %d as toLocaleString("en") does',
    (value) => {
      expect(withDigitGroups(value)).toBe(value.toLocaleString('en'));
    },
  );
});

import { describe, expect, it } from 'vitest';
import { accountKey, SIGN_IN_FAILURE_LIMIT } from './index';

describe('accountKey', () => {
  it('is the same however the address is written', () => {
    expect(accountKey('  Ada@Example.COM ')).toBe(accountKey('ada@example.com'));
    expect(accountKey('ada@example.com')).not.toBe(accountKey('bob@example.com'));
  });

  it('stays apart from the per-address counters', () => {
    expect(accountKey('ada@example.com')).toMatch(/^sign-in-failure\|account:/);
  });
});

describe('SIGN_IN_FAILURE_LIMIT', () => {
  it('allows 10 failures per account in 15 minutes', () => {
    expect(SIGN_IN_FAILURE_LIMIT).toEqual({ perAccount: 10, windowSeconds: 900 });
  });
});

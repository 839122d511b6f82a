import { describe, expect, it } from 'vitest';
import { delayAfterFailures, SIGN_IN_BACKOFF } from './backoff';

describe('delayAfterFailures', () => {
  const free = SIGN_IN_BACKOFF.freeFailuresPerAccount;

  it('asks no wait within the free failures, then doubles it from the first delay', () => {
    expect(delayAfterFailures(0, free)).toBe(0);
    expect(delayAfterFailures(free - 1, free)).toBe(0);
    expect(delayAfterFailures(free, free)).toBe(SIGN_IN_BACKOFF.firstDelaySeconds * 1000);
    expect(delayAfterFailures(free + 1, free)).toBe(SIGN_IN_BACKOFF.firstDelaySeconds * 2000);
    expect(delayAfterFailures(free + 3, free)).toBe(SIGN_IN_BACKOFF.firstDelaySeconds * 8000);
  });

  it('never asks more than the ceiling, however many failures', () => {
    expect(delayAfterFailures(free + 20, free)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds * 1000);
    expect(delayAfterFailures(1_000_000, free)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds * 1000);
  });
});

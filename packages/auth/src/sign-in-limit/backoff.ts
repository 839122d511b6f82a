/**
 * How failed password sign-ins slow the one failing. Each key (an account, an address) gets some
 * failures free; after that, each further attempt must wait twice as long after the last failure as
 * the one before it did, up to a ceiling. Nothing is ever refused for longer than the ceiling, so the
 * owner, even from a new place, is never locked out for good; from a known place they are not held at
 * all (see known-places.ts).
 */
export const SIGN_IN_BACKOFF = {
  /** Failures one account may have, from all addresses together, before attempts must wait. */
  freeFailuresPerAccount: 5,
  /** Failures one address may have, for all accounts together, before its attempts must wait. */
  freeFailuresPerAddress: 10,
  /** The wait after the first failure past the free ones. */
  firstDelaySeconds: 2,
  /** The longest wait between two attempts. */
  maxDelaySeconds: 15 * 60,
  /** A key with no failure for this long starts again from nothing. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

export type SignInBackoff = typeof SIGN_IN_BACKOFF;

/**
 * How long after its last failure a key with `failures` failures must wait before the next attempt, in
 * milliseconds: 0 while within the free ones, then first, 2×, 4× … up to the ceiling.
 */
export function delayAfterFailures(failures: number, free: number, backoff: SignInBackoff = SIGN_IN_BACKOFF) {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 30);
  return Math.min(backoff.firstDelaySeconds * 2 ** doublings, backoff.maxDelaySeconds) * 1000;
}

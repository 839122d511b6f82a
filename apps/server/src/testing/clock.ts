import type { Clock } from '../domain/services';

/** A clock a test moves forward instead of waiting: it runs with real time, plus every step taken. */
export interface MovableClock extends Clock {
  /** Moves the clock forward; it never goes back. */
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    advance(ms) {
      if (ms < 0) throw new Error('a movable clock only moves forward');
      ahead += ms;
    },
  };
}

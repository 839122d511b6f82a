import type { Clock } from '../domain/services';

/**
 * A clock a test moves forward instead of waiting: it runs with real time, plus every step taken; a
 * stopped one (`{ running: false }`) stays at the time it was made until moved, for a test that reads
 * whole seconds left and must not see one tick by on a slow machine.
 */
export interface MovableClock extends Clock {
  /** Moves the clock forward; it never goes back. */
  advance(ms: number): void;
}

export function movableClock(options: { running?: boolean } = {}): MovableClock {
  const started = Date.now();
  const running = options.running ?? true;
  let ahead = 0;
  return {
    now: () => new Date((running ? Date.now() : started) + ahead),
    advance(ms) {
      if (ms < 0) throw new Error('a movable clock only moves forward');
      ahead += ms;
    },
  };
}

/** A month: how far a test moves the clock to tell the clock's time from the database's at a glance. */
export const A_MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * True when a stored time was read from a clock moved `aheadMs` forward: later than the system clock by
 * over half the move, which a time taken from the database (the system's time) never is.
 */
export function onMovedClock(time: string | Date, aheadMs = A_MONTH_MS): boolean {
  return new Date(time).getTime() > Date.now() + aheadMs / 2;
}

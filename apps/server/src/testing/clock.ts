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

import { isTimedWorkerError, type RunOptions } from '@switchboard/sandbox/timed-worker';
import { AppError } from '../domain/errors';

/**
 * How a request's render or check work is shared: it counts against its organization's share of the
 * worker pools, and stops when the request's signal fires (its client went away).
 */
export function workShare(organizationId: string, signal: AbortSignal | undefined): RunOptions {
  return { owner: organizationId, ...(signal !== undefined && { signal }) };
}

/**
 * A worker pool's refusal the caller can act on, as the error it gets: its organization's share is
 * used up (429 with Retry-After), or the work was cancelled. Undefined for anything else.
 */
export function workerFailure(error: unknown): AppError | undefined {
  if (!isTimedWorkerError(error)) return undefined;
  if (error.reason === 'busy') {
    return new AppError('FAIR_SHARE_EXCEEDED', undefined, undefined, {
      retryAfterSeconds: (error.retryAfterMs ?? 1000) / 1000,
    });
  }
  if (error.reason === 'aborted') {
    // Its client is gone, so nobody reads this; it is neither a crash nor worth a log line.
    return new AppError('UNPROCESSABLE', 'The work was stopped because its request was cancelled.');
  }
  return undefined;
}

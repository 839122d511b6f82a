import { describeForLog } from '../errors';
import type { DomainServices } from '../services';
import type { GithubIntegration } from './integration';
import { deliverReviewStatuses } from './review-statuses';

/** Sends the review's commit statuses: on the upkeep sweep, and at once when a change asks. */
export interface StatusSender {
  /** Sends what is due now (the upkeep sweep awaits it). */
  sweep(): Promise<void>;
  /** Sends what is due soon, without waiting: after a delivery queued statuses. */
  nudge(): void;
  /** Waits for a send under way, so the database is never closed beneath it. */
  stop(): Promise<void>;
}

/** One send at a time; a nudge during a send asks for one more right after it. */
export function createStatusSender(services: DomainServices, integration: GithubIntegration): StatusSender {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverReviewStatuses(services, integration);
        } catch (error) {
          console.error(`[github] sending commit statuses failed: ${describeForLog(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    sweep: () => (stopped ? Promise.resolve() : run()),
    nudge() {
      if (!stopped) void run();
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

import { expireLeases } from './agents/lease-expiry';
import { endSilentSessions } from './agents/sessions';
import type { StatusSender } from './development/status-sender';
import { describeForLog } from './errors';
import { unassignDepartedMembers } from './people/assignees';
import type { DomainServices } from './services';

export interface UpkeepOptions {
  services: DomainServices;
  /** How often to look. @default 30_000 */
  everyMs?: number;
  /** A session with no call for this long is ended. */
  sessionTimeoutMs: number;
  /** Commit statuses waiting to reach GitHub, sent (or retried) on each sweep. */
  statuses?: StatusSender;
}

/**
 * One sweep: expired leases give their tasks back (in-progress ones to the ready pool) and silent
 * sessions end. Both steps are conditional updates, so any number of processes, on a timer or on a
 * request, may sweep at once and each expiry is recorded once. `who` names the sweeper in the log; a
 * failure is logged, never thrown, since nobody waits on a sweep to act on it.
 */
export async function sweepExpired(
  services: DomainServices,
  sessionTimeoutMs: number,
  who = 'upkeep',
): Promise<void> {
  try {
    await expireLeases(services);
    await endSilentSessions(services, sessionTimeoutMs);
  } catch (error) {
    console.error(`[${who}] sweeping expired leases and silent sessions failed: ${describeForLog(error)}`);
  }
}

/**
 * Leases and agent sessions run out when nobody calls, so a request alone cannot be what notices: this
 * timer returns expired in-progress tasks to the ready pool and ends silent sessions even when no
 * agent is connected, then sends the commit statuses waiting for GitHub (each taken by a conditional
 * update too). Each step is a conditional update, so several server processes sweeping the same
 * database record every expiry once. Returns a stop function for shutdown.
 */
export function startUpkeep({
  services,
  everyMs = 30_000,
  sessionTimeoutMs,
  statuses,
}: UpkeepOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = () => {
    // A slow sweep is never overtaken by the next one.
    if (running) return;
    running = sweepExpired(services, sessionTimeoutMs)
      .then(() => statuses?.sweep())
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  // Someone leaving an organization reaches the server only as "access changed": their tasks lose them.
  let unassigning: Promise<unknown> | undefined;
  const stopWatchingAccess = services.bus.onAccessChange(() => {
    unassigning = (unassigning ?? Promise.resolve())
      .then(() => unassignDepartedMembers(services))
      .catch((error: unknown) =>
        console.error(`[upkeep] unassigning departed members failed: ${describeForLog(error)}`),
      );
  });
  // Stopping waits for a sweep under way, so the database is never closed beneath it.
  return async () => {
    clearInterval(timer);
    stopWatchingAccess();
    await running;
    await statuses?.stop();
    await unassigning;
  };
}

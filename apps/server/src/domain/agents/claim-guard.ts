import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import type { TaskRow } from '../tasks/views';
import { noticeForAgent } from './notices';

/** The agent whose live claim a person's write went over; the event records it as `override`. */
export interface ClaimOverride {
  agentName: string;
}

/** Who holds the task's claim now; a lease that ran out is nobody's, swept or not. */
export function liveHolder(row: TaskRow, now: Date): { agentName: string; expiresAt: string } | null {
  if (!row.claimAgent || !row.claimExpiresAt || row.claimExpiresAt.getTime() <= now.getTime()) return null;
  return { agentName: row.claimAgent, expiresAt: row.claimExpiresAt.toISOString() };
}

/** The one error every refused write of a claimed task answers with (409 TASK_CLAIMED). */
export function taskClaimedError(row: TaskRow, holder: { agentName: string; expiresAt: string }): AppError {
  return new AppError(
    'TASK_CLAIMED',
    `${row.key} is claimed by ${holder.agentName} until ${holder.expiresAt}: only ${holder.agentName} may change it until it releases the task or the lease runs out (comments are still welcome). Pick another task (next-task).`,
    { key: row.key, holder },
  );
}

/**
 * A claim binds: while one agent holds a task, every other agent's write to it is refused with
 * TASK_CLAIMED. People are not bound (they direct the agents): their write goes ahead and answers
 * the holder's name, to be recorded as an override and told to the holder (tellHolder).
 */
export function checkClaim(context: ActingContext, row: TaskRow, now: Date): ClaimOverride | undefined {
  const holder = liveHolder(row, now);
  if (!holder) return undefined;
  if (context.actor.type === 'agent') {
    if (holder.agentName === context.actor.name) return undefined;
    throw taskClaimedError(row, holder);
  }
  return { agentName: holder.agentName };
}

/** The holder learns on its next tool call that a person changed its task; `change` reads "moved SWB-3 …". */
export async function tellHolder(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  override: ClaimOverride | undefined,
  change: string,
): Promise<void> {
  if (!override) return;
  await noticeForAgent(
    tx,
    now,
    context.organizationId,
    override.agentName,
    `${context.actor.name} ${change} while you held its claim; your claim stands — read the task again before you go on.`,
  );
}

/** "… (overrode backend-dev's claim)" for the activity line of an override. */
export function overrideSuffix(override: ClaimOverride | undefined): string {
  return override ? ` (overrode ${override.agentName}'s claim)` : '';
}

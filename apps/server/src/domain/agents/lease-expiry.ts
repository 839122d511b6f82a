import { and, eq, lt, min } from 'drizzle-orm';
import { project, task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange } from '../changes';
import type { DomainServices } from '../services';
import { placeTask } from '../tasks/move';
import { defaultStatus, findStatus } from '../tasks/views';
import { setCurrentTask } from './sessions';

/** Leases that ran out before `now`. */
const expiredBy = (now: Date) => lt(task.claimExpiresAt, now);

/**
 * Recovers tasks whose lease ran out (the agent crashed or went quiet). A task in an in-progress
 * status goes back to the ready pool: to the top of the project's first todo status, marked so
 * next-task offers it before fresh work of the same priority (leaseExpiredAt, cleared by the next
 * claim). Moving it, rather than leaving it in progress, keeps the board honest: nobody is working on
 * it. A task in any other status only loses its claim. Each is a task.lease_expired event.
 *
 * Safe to run from any number of processes at once: each task is re-checked under its row lock, so
 * exactly one of them records the expiry. Answers how many it recovered.
 */
export async function expireLeases(
  services: DomainServices,
  scope: { projectId?: string } = {},
): Promise<number> {
  const due = await services.db
    .select({ id: task.id, organizationId: project.organizationId, agentName: task.claimAgent })
    .from(task)
    .innerJoin(project, eq(project.id, task.projectId))
    .where(
      and(expiredBy(services.clock.now()), scope.projectId ? eq(task.projectId, scope.projectId) : undefined),
    )
    .limit(100);
  let recovered = 0;
  for (const candidate of due) {
    const agentName = candidate.agentName ?? 'an agent';
    // The change is the lapsed agent's (its lease ran out), not any person's.
    const context: ActingContext = {
      organizationId: candidate.organizationId,
      actor: { type: 'agent', id: null, name: agentName },
    };
    if (await expireOne(services, context, candidate.id, agentName)) recovered++;
  }
  return recovered;
}

async function expireOne(
  services: DomainServices,
  context: ActingContext,
  taskId: string,
  agentName: string,
): Promise<boolean> {
  return runChange(services, context, async (tx, record, now) => {
    const [current] = await tx
      .select()
      .from(task)
      .where(and(eq(task.id, taskId), expiredBy(now)))
      .for('update')
      .limit(1);
    // Renewed, released or already recovered by another process in the meantime.
    if (!current) return false;
    const from = await findStatus(tx, current.projectId, current.statusId);
    const backToReady = from.category === 'in_progress';
    const to = backToReady ? await defaultStatus(tx, current.projectId) : from;
    const [top] = backToReady
      ? await tx
          .select({ first: min(task.position) })
          .from(task)
          .where(and(eq(task.projectId, current.projectId), eq(task.statusId, to.id)))
      : [];
    await placeTask(tx, record, now, context, current, {
      to,
      position: backToReady ? (top?.first ?? 1) - 1 : current.position,
      cause: { kind: 'lease-expired', agentName },
    });
    if (current.claimedBy) await setCurrentTask(tx, record, now, current.claimedBy, null, current.id);
    return true;
  });
}

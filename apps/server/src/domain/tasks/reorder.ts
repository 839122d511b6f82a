import type { Task } from '@switchboard/api-client/contract';
import { and, asc, eq, min, notInArray } from 'drizzle-orm';
import { task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type ClaimOverride, checkClaim } from '../agents/claim-guard';
import { runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { placeTask } from './move';
import { findStatus, findTask, type TaskRow, toTask } from './views';

export interface Reordered {
  /** The column after, in board order. */
  items: Task[];
  /** Tasks the review gate sent elsewhere than this column, each with the reason. */
  redirected: { key: string; reason: string }[];
}

/**
 * The listed tasks, each once and each of the project, locked in the order given. Listing a task is
 * asking to move it, so another agent's claim on any of them refuses the whole call, even when the
 * task already stands where it would go.
 */
async function listedTasks(
  tx: Transaction,
  context: ActingContext,
  projectId: string,
  references: readonly string[],
  now: Date,
): Promise<{ row: TaskRow; override: ClaimOverride | undefined }[]> {
  const listed: { row: TaskRow; override: ClaimOverride | undefined }[] = [];
  for (const reference of references) {
    const { task: row } = await findTask(tx, context, reference, { lock: true });
    if (row.projectId !== projectId) {
      throw new AppError('TASK_NOT_FOUND', `${reference} is not a task of this project.`);
    }
    if (listed.some((other) => other.row.id === row.id)) {
      throw new AppError('VALIDATION_FAILED', `tasks: ${reference} is listed twice.`, [
        { path: ['tasks'], message: `${reference} is listed twice` },
      ]);
    }
    listed.push({ row, override: checkClaim(context, row, now) });
  }
  return listed;
}

/**
 * The listed tasks become the top of one column in the given order (tasks from other columns move
 * into it); the column's other cards keep their places below them. Each listed task goes through the
 * mover, so the review gate and the claim rules hold as for a single move, and one refusal writes
 * nothing. A task the gate sends elsewhere (open MEDIUM findings) is answered with the reason.
 */
export async function reorderTasks(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  statusId: string,
  references: readonly string[],
): Promise<Reordered> {
  return runChange(services, context, async (tx, record, now) => {
    const to = await findStatus(tx, projectId, statusId);
    const listed = await listedTasks(tx, context, projectId, references, now);
    const [below] = await tx
      .select({ first: min(task.position) })
      .from(task)
      .where(
        and(
          eq(task.projectId, projectId),
          eq(task.statusId, to.id),
          notInArray(
            task.id,
            listed.map(({ row }) => row.id),
          ),
        ),
      );
    // Positions are fractional: the listed cards go just above the first other card, which stays put.
    const start = (below?.first ?? listed.length + 1) - listed.length;
    const redirected: Reordered['redirected'] = [];
    for (const [index, { row, override }] of listed.entries()) {
      const position = start + index;
      if (row.statusId === to.id && row.position === position) continue;
      const outcome = await placeTask(tx, record, now, context, row, {
        to,
        position,
        cause: { kind: 'asked', override },
      });
      if (outcome.redirected) redirected.push({ key: row.key, reason: outcome.redirected });
    }
    const column = await tx
      .select()
      .from(task)
      .where(and(eq(task.projectId, projectId), eq(task.statusId, to.id)))
      .orderBy(asc(task.position), asc(task.number));
    return { items: column.map((row) => toTask(row, now)), redirected };
  });
}

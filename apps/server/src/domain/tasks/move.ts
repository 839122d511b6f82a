import type { MoveTask, Task } from '@switchboard/api-client/contract';
import { eq } from 'drizzle-orm';
import { task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type ClaimOverride, checkClaim, overrideSuffix, tellHolder } from '../agents/claim-guard';
import { releaseIn, unclaimed } from '../agents/claim-release';
import { type GatedMove, gateMove } from '../architecture/review-gate';
import { asOwnChange, type ChangeRecord, type RecordChange, type Transaction } from '../changes';
import { notifyStatusReached } from '../people/notifications';
import { versionConflict } from '../versioning';
import { startWorkUnitIfPlanning } from '../work-units/work-units';
import { checkBlockers } from './blocker-gate';
import { applyTaskLabels } from './labels';
import { endOfStatusColumn } from './task-references';
import { findStatus, findTask, type StatusRow, type TaskRow, toTask } from './views';

/** Why a task changes column or place. */
export type MoveCause =
  /**
   * Someone asked for it (REST, bulk, MCP): the review gate holds agents. `override` names the agent
   * whose live claim a person went over, to be recorded and told.
   */
  | { kind: 'asked'; override?: ClaimOverride }
  /** The server gives back a task whose agent's lease ran out: no gate, the claim ends with the move. */
  | { kind: 'lease-expired'; agentName: string };

export interface Placement {
  /** The status asked for; the gate may choose another. */
  to: StatusRow;
  /** The place in the column; omitted = its end. */
  position?: number;
  cause: MoveCause;
}

export interface MoveOutcome {
  /** The task after the move, with its labels. */
  task: Task;
  /** Where it landed: the asked status, or the one the gate chose. */
  landed: StatusRow;
  /** Why it landed elsewhere than asked, in words an agent can act on. */
  redirected?: string;
}

/** Categories whose arrival hands the work on: the worker's claim ends, so a reviewer can take it. */
const HAND_OFF_CATEGORIES: ReadonlySet<string> = new Set(['review', 'done']);

function handOffSummary(row: TaskRow, to: StatusRow): string {
  return to.category === 'review'
    ? `${row.key} released: handed in to ${to.name}, free for a reviewer to claim`
    : `${row.key} released: moved to ${to.name}`;
}

function moveSummary(
  row: TaskRow,
  from: StatusRow,
  to: StatusRow,
  gated: GatedMove,
  blockersOverruled?: string,
): string {
  const why = [gated.redirected ?? gated.overruled, blockersOverruled].filter(Boolean).join('; ');
  // The gate kept the task where it was (GitHub handing in over findings): say so, it is no reorder.
  if (from.id === to.id)
    return gated.redirected ? `kept ${row.key} in ${to.name} (${why})` : `reordered ${row.key} in ${to.name}`;
  return `moved ${row.key} from ${from.name} to ${to.name}${why ? ` (${why})` : ''}`;
}

/** A written move: the row after, the task as answers show it, and the statuses it went between. */
interface WrittenMove {
  row: TaskRow;
  moved: Task;
  from: StatusRow;
  to: StatusRow;
}

function moveRecord(
  { row, moved, from, to }: WrittenMove,
  change: string,
  override?: ClaimOverride,
): ChangeRecord {
  return {
    projectId: row.projectId,
    entity: 'task',
    entityId: row.id,
    summary: `${change}${overrideSuffix(override)}`,
    action: 'task.moved',
    data: {
      version: row.version,
      task: moved,
      fromStatusId: from.id,
      toStatusId: to.id,
      position: row.position,
      ...(override ? { override } : {}),
    },
  };
}

function lapseRecord({ row, moved, from, to }: WrittenMove, agentName: string): ChangeRecord {
  const lapsed = `lease expired: ${agentName}'s claim on ${row.key} ran out`;
  return {
    projectId: row.projectId,
    action: 'task.lease_expired',
    entity: 'task',
    entityId: row.id,
    summary: from.id === to.id ? lapsed : `${lapsed}; back to ${to.name} for another agent`,
    data: { version: row.version, task: moved, agentName, fromStatusId: from.id, toStatusId: to.id },
  };
}

/**
 * The one writer of a task's status and position: every move (REST, bulk, MCP move-task and
 * reorder-tasks, lease expiry, status deletion) comes here with the task already locked. It applies
 * the blocker rule and the review gate to whoever asked, writes the row, records the event, tells an
 * overridden claim holder, notifies the task's creator, starts a planning work unit, and ends the
 * claim when the task enters a review or done category. Decisions go by status category, never by a status's name, so a project's own
 * statuses behave as the built-in ones do.
 */
export async function placeTask(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  current: TaskRow,
  placement: Placement,
): Promise<MoveOutcome> {
  const { cause } = placement;
  const from = await findStatus(tx, current.projectId, current.statusId);
  // Blockers first: a task that may not start is not reviewed for handing in either.
  const blocked = cause.kind === 'asked' ? await checkBlockers(tx, context, current, from, placement.to) : {};
  const gated: GatedMove =
    cause.kind === 'asked'
      ? await gateMove(tx, context, current, placement.to)
      : ({ to: placement.to, needsReview: current.needsReview } satisfies GatedMove);
  const to = gated.to;
  const lapsed = cause.kind === 'lease-expired';
  // A lease running out on a task that stays where it is ends the claim only: no edit of the task.
  const stays = lapsed && from.id === to.id;
  // A position in the asked column means nothing in the one the gate chose; kept in its own, it stays put.
  const keptInPlace = gated.redirected !== undefined && from.id === to.id;
  const position = keptInPlace ? current.position : gated.redirected ? undefined : placement.position;
  const [row] = await tx
    .update(task)
    .set({
      ...(lapsed ? unclaimed : {}),
      ...(stays
        ? {}
        : {
            statusId: to.id,
            position: position ?? (await endOfStatusColumn(tx, current.projectId, to.id)),
            needsReview: gated.needsReview,
            version: current.version + 1,
            updatedAt: now,
            // Offered again before fresh work of the same priority; the next claim clears it.
            ...(lapsed ? { leaseExpiredAt: now } : {}),
          }),
    })
    .where(eq(task.id, current.id))
    .returning();
  if (!row) throw new Error('task move returned nothing');
  // Labels ride along, so a board patched from the event keeps the card's chips.
  const { labels } = await applyTaskLabels(tx, context, row.id, undefined);
  const moved = { ...toTask(row, now), labels };
  if (cause.kind === 'lease-expired') {
    await record(lapseRecord({ row, moved, from, to }, cause.agentName));
    return { task: moved, landed: to };
  }
  const change = moveSummary(row, from, to, gated, blocked.overruled);
  await record(moveRecord({ row, moved, from, to }, change, cause.override));
  await tellHolder(tx, context, now, cause.override, change);
  await notifyStatusReached(tx, context, now, from, to, row);
  const enters = (category: string) => to.category === category && from.category !== category;
  if (enters('in_progress') && row.workUnitId) {
    await startWorkUnitIfPlanning(tx, record, now, row.workUnitId, row.key);
  }
  const handedOff = from.category !== to.category && HAND_OFF_CATEGORIES.has(to.category);
  const released = handedOff ? await releaseIn(tx, record, now, row, handOffSummary(row, to)) : null;
  return {
    task: released ? { ...toTask(released, now), labels } : moved,
    landed: to,
    ...(gated.redirected ? { redirected: gated.redirected } : {}),
  };
}

/** Moves a card to a column (a status of the task's project) and a place in it; the end when unplaced. */
export const moveTask = asOwnChange(moveTaskWithin);

/** A move as one step of a caller's change, so a bulk change applies the very same rules. */
export async function moveTaskWithin(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  reference: string,
  input: MoveTask,
): Promise<MoveOutcome> {
  const { task: current } = await findTask(tx, context, reference, { lock: true });
  const override = checkClaim(context, current, now);
  if (current.version !== input.version) throw versionConflict('task', current.version);
  return placeTask(tx, record, now, context, current, {
    to: await findStatus(tx, current.projectId, input.statusId),
    position: input.position,
    cause: { kind: 'asked', override },
  });
}

import type { Actor } from '@switchboard/api-client/contract';
import { asc, eq } from 'drizzle-orm';
import { taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import type { StatusRow, TaskRow } from '../tasks/views';
import { openFindingsOf } from './findings';

export interface GatedMove {
  /** Where the task lands: the asked status, or the first review status when MEDIUM findings are open. */
  to: StatusRow;
  needsReview: boolean;
  /** Why the task landed elsewhere than asked, for the activity line. */
  redirected?: string;
  /** A person handed the task in over open findings: said in the activity line, never refused. */
  overruled?: string;
}

function overruledFindings(current: TaskRow): string | undefined {
  const open = [
    current.openHighFindings ? `${current.openHighFindings} HIGH` : '',
    current.openMediumFindings ? `${current.openMediumFindings} MEDIUM` : '',
  ].filter(Boolean);
  return open.length ? `over ${open.join(' and ')} open review finding(s)` : undefined;
}

/**
 * Which kinds of actor the gate holds. Agents are held: findings judge their own work. People are
 * not: they decide, and their move is recorded like any other. A new kind of actor (an integration
 * moving tasks on its own) must be placed here before it compiles.
 */
export const HELD_BY_REVIEW_GATE: Readonly<Record<Actor['type'], boolean>> = { agent: true, user: false };

/**
 * Open review findings hold an agent's work back: with a HIGH one the agent may not hand the task in
 * (review or done) at all; with a MEDIUM one its move to done lands in review, marked for a person;
 * LOW findings are only recorded. People are never held: they decide, and their move to another
 * status clears the mark.
 */
export async function gateMove(
  tx: Transaction,
  context: ActingContext,
  current: TaskRow,
  to: StatusRow,
): Promise<GatedMove> {
  // Reordering within a column hands nothing in and reviews nothing.
  if (current.statusId === to.id) return { to, needsReview: current.needsReview };
  const handsIn = to.category === 'review' || to.category === 'done';
  if (!HELD_BY_REVIEW_GATE[context.actor.type]) {
    const overruled = handsIn ? overruledFindings(current) : undefined;
    return { to, needsReview: false, ...(overruled ? { overruled } : {}) };
  }
  if (handsIn && current.openHighFindings > 0) {
    const findings = await openFindingsOf(tx, current.id, 'HIGH');
    const listed = findings
      .slice(0, 5)
      .map((finding) => `${finding.filePath}${finding.line ? `:${finding.line}` : ''} ${finding.rule}`)
      .join('; ');
    throw new AppError(
      'TASK_REVIEW_BLOCKED',
      `${current.key} has ${findings.length} open HIGH review finding(s), so it cannot move to ${to.name}: ${listed}. Fix them and run review-code-change on the files again with task ${current.key}, or ask a person to dismiss them.`,
      { key: current.key, findings },
    );
  }
  if (to.category === 'done' && current.openMediumFindings > 0) {
    const [review] = await tx
      .select()
      .from(taskStatus)
      .where(eq(taskStatus.projectId, current.projectId))
      .orderBy(asc(taskStatus.position))
      .then((statuses) => statuses.filter((status) => status.category === 'review'));
    if (!review) {
      throw new AppError(
        'TASK_REVIEW_BLOCKED',
        `${current.key} has open MEDIUM review findings and its project has no review status to wait in; ask a person to look at them.`,
        { key: current.key, findings: await openFindingsOf(tx, current.id, 'MEDIUM') },
      );
    }
    return {
      to: review,
      needsReview: true,
      redirected: `${current.openMediumFindings} open MEDIUM review finding(s) sent it to ${review.name} instead of ${to.name}`,
    };
  }
  return { to, needsReview: to.category === 'done' ? false : current.needsReview };
}

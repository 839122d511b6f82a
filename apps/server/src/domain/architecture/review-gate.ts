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
 * How the gate holds each kind of actor. People are not held: they decide, and their move is recorded
 * like any other. Agents are refused: findings judge their own work. GitHub is held like an agent but
 * cannot be refused, since it reports what already happened to the code: its task is kept in review,
 * and the activity and the pull request's commit status say why. A new kind of actor (an integration
 * moving tasks on its own) must be placed here before it compiles.
 */
export const HELD_BY_REVIEW_GATE: Readonly<Record<Actor['type'], 'no' | 'refused' | 'kept-in-review'>> = {
  user: 'no',
  agent: 'refused',
  github: 'kept-in-review',
};

async function statusesOf(tx: Transaction, current: TaskRow): Promise<StatusRow[]> {
  return tx
    .select()
    .from(taskStatus)
    .where(eq(taskStatus.projectId, current.projectId))
    .orderBy(asc(taskStatus.position));
}

/**
 * Where GitHub's hand-in over open findings stays, marked for a person: the review status asked for,
 * the review status the task is in, the project's first one, or (a project without any) where it is.
 */
async function keptInReview(
  tx: Transaction,
  current: TaskRow,
  to: StatusRow,
  why: string,
): Promise<GatedMove> {
  const statuses = await statusesOf(tx, current);
  const here = statuses.find((status) => status.id === current.statusId);
  const kept =
    to.category === 'review'
      ? to
      : ((here?.category === 'review' ? here : undefined) ??
        statuses.find((status) => status.category === 'review') ??
        here);
  if (!kept) throw new Error(`task ${current.key} has no status row`);
  return kept.id === to.id
    ? { to, needsReview: true }
    : { to: kept, needsReview: true, redirected: `${why} kept it in ${kept.name} instead of ${to.name}` };
}

/**
 * Open review findings hold an agent's work back: with a HIGH one the agent may not hand the task in
 * (review or done) at all; with a MEDIUM one its move to done lands in review, marked for a person;
 * LOW findings are only recorded. GitHub is held the same way, except that a HIGH one keeps its task in
 * review rather than refusing. People are never held: they decide, and their move to another status
 * clears the mark.
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
  const hold = HELD_BY_REVIEW_GATE[context.actor.type];
  if (hold === 'no') {
    const overruled = handsIn ? overruledFindings(current) : undefined;
    return { to, needsReview: false, ...(overruled ? { overruled } : {}) };
  }
  if (handsIn && current.openHighFindings > 0) {
    if (hold === 'kept-in-review')
      return keptInReview(tx, current, to, `${current.openHighFindings} open HIGH review finding(s)`);
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
    const why = `${current.openMediumFindings} open MEDIUM review finding(s)`;
    if (hold === 'kept-in-review') return keptInReview(tx, current, to, why);
    const review = (await statusesOf(tx, current)).find((status) => status.category === 'review');
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
      redirected: `${why} sent it to ${review.name} instead of ${to.name}`,
    };
  }
  return { to, needsReview: to.category === 'done' ? false : current.needsReview };
}

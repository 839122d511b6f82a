import type { FindingCounts, ReviewFinding, Task, TaskFinding } from '@switchboard/api-client/contract';
import type { ItemRef } from '@switchboard/architecture';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, task, taskFinding } from '../../db/schema';
import type { ActingContext } from '../actor';
import { checkClaim } from '../agents/claim-guard';
import { runChange, type Transaction } from '../changes';
import { queueReviewStatuses } from '../development/review-statuses';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { findTask, type TaskRow, toTask } from '../tasks/views';
import { findingsReplaced } from './finding-replacement';

type FindingRow = typeof taskFinding.$inferSelect;
export type FindingSource = FindingRow['source'];

export function toTaskFinding(row: FindingRow): TaskFinding {
  return {
    id: row.id,
    taskId: row.taskId,
    filePath: row.filePath,
    type: row.type as TaskFinding['type'],
    severity: row.severity,
    rule: row.rule,
    pattern: row.pattern,
    violation: row.violation,
    line: row.line,
    suggestion: row.suggestion,
    source: row.source,
    check: row.check,
    status: row.status,
    reviewId: row.reviewId,
    reviewedAt: row.reviewedAt.toISOString(),
    recordedBy: { type: row.recordedByType, id: row.recordedById, name: row.recordedByName },
    dismissal:
      row.status === 'dismissed' && row.dismissedAt
        ? {
            by: { type: 'user', id: row.dismissedById, name: row.dismissedByName ?? '' },
            reason: row.dismissReason ?? '',
            at: row.dismissedAt.toISOString(),
          }
        : null,
  };
}

export function countBySeverity(findings: ReadonlyArray<{ severity: string }>): FindingCounts {
  return {
    high: findings.filter((finding) => finding.severity === 'HIGH').length,
    medium: findings.filter((finding) => finding.severity === 'MEDIUM').length,
    low: findings.filter((finding) => finding.severity === 'LOW').length,
  };
}

/**
 * Writes the task's open counts from its findings and moves its version on, so every client holding the
 * task sees the new badge (the change's event carries the task).
 */
async function recountOpenFindings(tx: Transaction, now: Date, current: TaskRow): Promise<TaskRow> {
  const open = await tx
    .select({ severity: taskFinding.severity, total: count() })
    .from(taskFinding)
    .where(and(eq(taskFinding.taskId, current.id), eq(taskFinding.status, 'open')))
    .groupBy(taskFinding.severity);
  const totalOf = (severity: string) => open.find((row) => row.severity === severity)?.total ?? 0;
  const [row] = await tx
    .update(task)
    .set({
      openHighFindings: totalOf('HIGH'),
      openMediumFindings: totalOf('MEDIUM'),
      openLowFindings: totalOf('LOW'),
      version: current.version + 1,
      updatedAt: now,
    })
    .where(eq(task.id, current.id))
    .returning();
  if (!row) throw new Error('task recount returned nothing');
  // The pull requests of the task report the review's new word to GitHub.
  await queueReviewStatuses(tx, now, [row.id]);
  return row;
}

export interface RecordedReview {
  reviewId: string;
  task: Task;
  findings: FindingCounts;
}

/**
 * Records one review of one file on a task: the file's earlier open findings from the same source are
 * replaced by these (a clean review clears them), except those of the items the review left
 * `unsettled` (see findingsReplaced). `check` findings come from the rule set's checks, `agent`
 * findings are the agent's own judgement of the rules left to it.
 */
export async function recordReview(
  services: DomainServices,
  context: ActingContext,
  reference: string,
  review: {
    filePath: string;
    source: FindingSource;
    findings: ReviewFinding[];
    unsettled?: readonly ItemRef[];
  },
): Promise<RecordedReview> {
  return runChange(services, context, async (tx, record, now) => {
    const { task: current } = await findTask(tx, context, reference, { lock: true });
    checkClaim(context, current, now);
    const reviewId = crypto.randomUUID();
    const reviewedAt = now;
    const open = await tx
      .select({
        id: taskFinding.id,
        pattern: taskFinding.pattern,
        type: taskFinding.type,
        rule: taskFinding.rule,
        line: taskFinding.line,
      })
      .from(taskFinding)
      .where(
        and(
          eq(taskFinding.taskId, current.id),
          eq(taskFinding.filePath, review.filePath),
          eq(taskFinding.source, review.source),
          eq(taskFinding.status, 'open'),
        ),
      );
    const replaced = findingsReplaced(open, {
      findings: review.findings,
      unsettled: review.unsettled ?? [],
    }).map((row) => row.id);
    if (replaced.length > 0) await tx.delete(taskFinding).where(inArray(taskFinding.id, replaced));
    if (review.findings.length > 0) {
      await tx.insert(taskFinding).values(
        review.findings.map((finding) => ({
          id: crypto.randomUUID(),
          taskId: current.id,
          filePath: review.filePath,
          type: finding.type,
          severity: finding.severity,
          rule: finding.rule,
          pattern: finding.pattern,
          violation: finding.violation,
          line: finding.line ?? null,
          suggestion: finding.suggestion ?? null,
          source: review.source,
          check: finding.check ?? null,
          reviewId,
          reviewedAt,
          recordedByType: context.actor.type,
          recordedById: context.actor.id,
          recordedByName: context.actor.name,
        })),
      );
    }
    const row = await recountOpenFindings(tx, now, current);
    const findings = countBySeverity(review.findings);
    const found = review.findings.length
      ? `${findings.high} HIGH, ${findings.medium} MEDIUM, ${findings.low} LOW`
      : 'no findings';
    await record({
      projectId: row.projectId,
      action: 'task.reviewed',
      entity: 'task',
      entityId: row.id,
      summary: `reviewed ${review.filePath} on ${row.key}${review.source === 'agent' ? ' (own judgement)' : ''}: ${found}`,
      data: {
        version: row.version,
        task: toTask(row, now),
        filePath: review.filePath,
        source: review.source,
        reviewId,
        findings,
      },
    });
    return { reviewId, task: toTask(row, now), findings };
  });
}

export async function listFindings(
  db: Database,
  context: ActingContext,
  reference: string,
  status?: TaskFinding['status'],
): Promise<TaskFinding[]> {
  const { task: found } = await findTask(db, context, reference);
  const rows = await db
    .select()
    .from(taskFinding)
    .where(and(eq(taskFinding.taskId, found.id), status ? eq(taskFinding.status, status) : undefined))
    .orderBy(asc(taskFinding.filePath), asc(taskFinding.line), asc(taskFinding.reviewedAt));
  return rows.map(toTaskFinding);
}

/** A task's open findings of one severity, for the gate's refusal. */
export async function openFindingsOf(
  db: Database | Transaction,
  taskId: string,
  severity: FindingRow['severity'],
): Promise<TaskFinding[]> {
  const rows = await db
    .select()
    .from(taskFinding)
    .where(
      and(eq(taskFinding.taskId, taskId), eq(taskFinding.status, 'open'), eq(taskFinding.severity, severity)),
    )
    .orderBy(asc(taskFinding.filePath), asc(taskFinding.line));
  return rows.map(toTaskFinding);
}

/**
 * A person sets a finding aside with a reason (kept on the finding and in the activity); it no longer
 * gates the task. Agents may not: a finding is a judgement on their own work.
 */
export async function dismissFinding(
  services: DomainServices,
  context: ActingContext,
  findingId: string,
  reason: string,
): Promise<TaskFinding> {
  return runChange(services, context, async (tx, record, now) => {
    const [found] = await tx
      .select({ finding: taskFinding, taskKey: task.key })
      .from(taskFinding)
      .innerJoin(task, eq(task.id, taskFinding.taskId))
      .innerJoin(project, eq(project.id, task.projectId))
      .where(and(eq(taskFinding.id, findingId), eq(project.organizationId, context.organizationId)))
      .limit(1);
    if (!found)
      throw new AppError('FINDING_NOT_FOUND', `There is no finding ${findingId} in this organization.`);
    if (context.actor.type !== 'user') {
      throw new AppError(
        'FORBIDDEN',
        'Only a person may dismiss a review finding; fix the code and review it again.',
      );
    }
    if (found.finding.status === 'dismissed') return toTaskFinding(found.finding);
    // The task's lock orders this after any review of it; a review that committed meanwhile may have
    // replaced the finding or someone dismissed it, so the update only takes a finding still open.
    const { task: current } = await findTask(tx, context, found.finding.taskId, { lock: true });
    const [dismissed] = await tx
      .update(taskFinding)
      .set({
        status: 'dismissed',
        dismissedById: context.actor.id,
        dismissedByName: context.actor.name,
        dismissReason: reason,
        dismissedAt: now,
      })
      .where(and(eq(taskFinding.id, findingId), eq(taskFinding.status, 'open')))
      .returning();
    if (!dismissed) {
      const [now] = await tx.select().from(taskFinding).where(eq(taskFinding.id, findingId)).limit(1);
      if (!now) throw new AppError('FINDING_NOT_FOUND', 'A newer review of its file replaced this finding.');
      return toTaskFinding(now);
    }
    const row = await recountOpenFindings(tx, now, current);
    const finding = toTaskFinding(dismissed);
    await record({
      projectId: row.projectId,
      action: 'task.finding_dismissed',
      entity: 'task',
      entityId: row.id,
      summary: `dismissed a ${finding.severity} finding on ${row.key} (${finding.filePath}): ${reason}`,
      data: { version: row.version, task: toTask(row, now), finding },
    });
    return finding;
  });
}

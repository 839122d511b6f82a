import type { ChecksState } from '@switchboard/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import { githubCommitCheck, githubPullRequest } from '../../db/schema';
import type { RecordChange, Transaction } from '../changes';
import type { DeliveryScope } from './delivery-scope';
import { lockedLinksOf } from './linked-tasks';
import { rewriteDevelopment } from './task-development';

type CheckState = NonNullable<ChecksState>;

/** A check run's or suite's word: pending until completed, then passed or not by its conclusion. */
export function checkStateOf(
  status: string | null | undefined,
  conclusion: string | null | undefined,
): CheckState {
  if (status && status !== 'completed') return 'pending';
  if (!conclusion) return 'pending';
  return ['success', 'neutral', 'skipped'].includes(conclusion) ? 'success' : 'failure';
}

/** A commit status's word; `error` is a failure as far as anyone reading the badge is concerned. */
export function statusStateOf(state: 'pending' | 'success' | 'failure' | 'error'): CheckState {
  return state === 'error' ? 'failure' : state;
}

/** All of a commit's checks together: any failure fails it, else any pending keeps it pending. */
export function combinedChecks(states: readonly CheckState[]): ChecksState {
  if (states.length === 0) return null;
  if (states.includes('failure')) return 'failure';
  if (states.includes('pending')) return 'pending';
  return 'success';
}

export async function checksOf(tx: Transaction, repositoryId: string, sha: string): Promise<ChecksState> {
  const rows = await tx
    .select({ state: githubCommitCheck.state })
    .from(githubCommitCheck)
    .where(and(eq(githubCommitCheck.repositoryId, repositoryId), eq(githubCommitCheck.sha, sha)));
  return combinedChecks(rows.map((row) => row.state));
}

/**
 * One check's word on a commit: kept by its source (a suite, a run, a status context), then every
 * pull request with that head commit shows all of them together, and its tasks hear when that changed.
 */
export async function applyCheck(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  scope: DeliveryScope,
  check: { sha: string; source: string; state: CheckState },
): Promise<boolean> {
  const { repository } = scope;
  // The pull requests first, locked, so two checks of one commit are combined one after the other.
  const pullRequests = await tx
    .select()
    .from(githubPullRequest)
    .where(and(eq(githubPullRequest.repositoryId, repository.id), eq(githubPullRequest.headSha, check.sha)))
    .orderBy(asc(githubPullRequest.number))
    .for('update');
  const values = {
    repositoryId: repository.id,
    sha: check.sha,
    source: check.source,
    state: check.state,
    updatedAt: now,
  };
  await tx
    .insert(githubCommitCheck)
    .values(values)
    .onConflictDoUpdate({
      target: [githubCommitCheck.repositoryId, githubCommitCheck.sha, githubCommitCheck.source],
      set: { state: check.state, updatedAt: now },
    });
  const checks = await checksOf(tx, repository.id, check.sha);
  for (const pullRequest of pullRequests) {
    if (pullRequest.checks === checks) continue;
    await tx
      .update(githubPullRequest)
      .set({ checks, updatedAt: now })
      .where(eq(githubPullRequest.id, pullRequest.id));
    const linked = await lockedLinksOf(tx, pullRequest.id);
    await rewriteDevelopment(
      tx,
      record,
      now,
      scope.integration.webUrl,
      linked.map((item) => ({
        taskId: item.id,
        summary: `checks of PR #${pullRequest.number} (${item.key}): ${checks ?? 'none'}`,
      })),
    );
  }
  return true;
}

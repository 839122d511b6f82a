import { and, asc, eq } from 'drizzle-orm';
import { githubPullRequest, task, taskBranch, taskPullRequest, taskStatus } from '../../db/schema';
import type { PullRequestEvent } from '../../github/payloads';
import type { ActingContext } from '../actor';
import type { RecordChange, Transaction } from '../changes';
import { postComment } from '../tasks/comments';
import { placeTask } from '../tasks/move';
import type { StatusRow, TaskRow } from '../tasks/views';
import { codeMovesOf } from './code-moves';
import { checksOf } from './commit-checks';
import type { DeliveryScope } from './delivery-scope';
import { lockedLinksOf, lockTasksByNumber } from './linked-tasks';
import { queueHeads } from './review-statuses';
import { type DevelopmentChange, rewriteDevelopment } from './task-development';
import { keyMentions, taskNumbersIn } from './task-keys';

type PullRequestRow = typeof githubPullRequest.$inferSelect;

/** The actions that change what a task shows or where it stands; others (labels, reviewers…) are ignored. */
const FOLLOWED_ACTIONS = new Set([
  'opened',
  'reopened',
  'edited',
  'ready_for_review',
  'converted_to_draft',
  'closed',
  'synchronize',
]);

/** Actions that ask for review: the task follows to the first review status. */
const READY_ACTIONS = new Set(['opened', 'reopened', 'ready_for_review']);

function stateOf(pr: PullRequestEvent['pull_request']): PullRequestRow['state'] {
  if (pr.merged) return 'merged';
  if (pr.state === 'closed') return 'closed';
  return pr.draft ? 'draft' : 'open';
}

const STATE_WORDS: Record<PullRequestRow['state'], string> = {
  open: 'ready for review',
  draft: 'marked as draft',
  merged: 'merged',
  closed: 'closed without merging',
};

/** What changed on the pull request since the last delivery, in words; empty when nothing shown did. */
function changeWords(before: PullRequestRow | undefined, after: PullRequestRow): string[] {
  if (!before) return [after.state === 'draft' ? 'opened as draft' : 'opened'];
  return [
    before.state !== after.state
      ? before.state === 'closed' || before.state === 'merged'
        ? 'reopened'
        : STATE_WORDS[after.state]
      : '',
    before.title !== after.title ? 'retitled' : '',
    before.headSha !== after.headSha ? 'has new commits' : '',
    before.checks !== after.checks ? `checks ${after.checks ?? 'none'}` : '',
  ].filter(Boolean);
}

async function firstStatusOf(
  tx: Transaction,
  projectId: string,
  category: StatusRow['category'],
): Promise<StatusRow | undefined> {
  const [status] = await tx
    .select()
    .from(taskStatus)
    .where(and(eq(taskStatus.projectId, projectId), eq(taskStatus.category, category)))
    .orderBy(asc(taskStatus.position))
    .limit(1);
  return status;
}

/**
 * Moves that follow the pull request, each through the one mover as GitHub (so the review gate holds
 * them): ready for review sends tasks not yet handed in to the first review status; merged sends them
 * to done (open HIGH findings keep a task in review); closed without merging leaves a comment.
 */
async function followPullRequest(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  pr: PullRequestRow,
  tasks: readonly { row: TaskRow; asksForReview: boolean; closedNow: boolean }[],
): Promise<void> {
  const [first] = tasks;
  if (!first) return;
  const projectId = first.row.projectId;
  const moves = await codeMovesOf(tx, projectId);
  const statusCategory = new Map(
    (await tx.select().from(taskStatus).where(eq(taskStatus.projectId, projectId))).map((status) => [
      status.id,
      status.category,
    ]),
  );
  for (const item of tasks) {
    const [current] = await tx.select().from(task).where(eq(task.id, item.row.id));
    if (!current) continue;
    const category = statusCategory.get(current.statusId);
    if (pr.state === 'open' && item.asksForReview && moves.openedMovesToReview) {
      const review = await firstStatusOf(tx, projectId, 'review');
      if (review && (category === 'todo' || category === 'in_progress')) {
        await placeTask(tx, record, now, context, current, { to: review, cause: { kind: 'asked' } });
      }
    } else if (pr.state === 'merged' && item.closedNow && moves.mergedMovesToDone) {
      const done = await firstStatusOf(tx, projectId, 'done');
      if (done && category !== 'done') {
        await placeTask(tx, record, now, context, current, { to: done, cause: { kind: 'asked' } });
      }
    } else if (pr.state === 'closed' && item.closedNow && moves.closedAddsComment) {
      await postComment(
        tx,
        record,
        now,
        context,
        current,
        `Pull request [#${pr.number} ${pr.title}](${pr.url}) was closed without merging.`,
        `commented on ${current.key}`,
      );
    }
  }
}

/** A pull_request delivery: the pull request recorded, tasks it names linked, moves followed, statuses queued. */
export async function applyPullRequest(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  scope: DeliveryScope,
  event: PullRequestEvent,
): Promise<boolean> {
  const { action, pull_request: pr } = event;
  if (!FOLLOWED_ACTIONS.has(action)) return false;
  const { repository, projectKey, context, integration } = scope;
  // Locked first, so a check delivery for the same pull request waits and then sees this one's row.
  const [before] = await tx
    .select()
    .from(githubPullRequest)
    .where(and(eq(githubPullRequest.repositoryId, repository.id), eq(githubPullRequest.number, pr.number)))
    .for('update');
  const fields = {
    title: pr.title,
    url: pr.html_url,
    state: stateOf(pr),
    headRef: pr.head.ref,
    headSha: pr.head.sha,
    checks: await checksOf(tx, repository.id, pr.head.sha),
    updatedAt: now,
  };
  const [row] = await tx
    .insert(githubPullRequest)
    .values({ id: crypto.randomUUID(), repositoryId: repository.id, number: pr.number, ...fields })
    .onConflictDoUpdate({ target: [githubPullRequest.repositoryId, githubPullRequest.number], set: fields })
    .returning();
  if (!row) throw new Error('pull request upsert returned nothing');

  const branchText = { text: pr.head.ref, foundIn: `branch ${pr.head.ref}` };
  const mentions = keyMentions(projectKey, [
    branchText,
    { text: pr.title, foundIn: 'title' },
    { text: pr.body ?? '', foundIn: 'description' },
  ]);
  const named = await lockTasksByNumber(
    tx,
    repository.projectId,
    mentions.map((mention) => mention.number),
  );
  const foundIn = new Map(mentions.map((mention) => [mention.number, mention.foundIn]));
  const newlyLinked = new Map<string, string>();
  if (named.length > 0) {
    const inserted = await tx
      .insert(taskPullRequest)
      .values(
        named.map((item) => ({
          taskId: item.id,
          pullRequestId: row.id,
          linkedBy: foundIn.get(item.number) ?? 'title',
          linkedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const link of inserted) newlyLinked.set(link.taskId, link.linkedBy);
    const byBranch = new Set(taskNumbersIn(projectKey, pr.head.ref));
    const branchTasks = named.filter((item) => byBranch.has(item.number));
    if (branchTasks.length > 0) {
      await tx
        .insert(taskBranch)
        .values(
          branchTasks.map((item) => ({
            taskId: item.id,
            repositoryId: repository.id,
            name: pr.head.ref,
            linkedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
  }

  const linked = await lockedLinksOf(tx, row.id);
  const words = changeWords(before, row).join(', ');
  const changes: DevelopmentChange[] = linked.flatMap((item) => {
    const by = newlyLinked.get(item.id);
    if (by) return [{ taskId: item.id, summary: `linked PR #${row.number} to ${item.key} by ${by}` }];
    return words ? [{ taskId: item.id, summary: `PR #${row.number} of ${item.key} ${words}` }] : [];
  });
  await rewriteDevelopment(tx, record, now, integration.webUrl, changes);

  const stateChanged = before?.state !== row.state;
  await followPullRequest(
    tx,
    record,
    now,
    context,
    row,
    linked.map((item) => ({
      row: item,
      asksForReview: READY_ACTIONS.has(action) || newlyLinked.has(item.id),
      closedNow: action === 'closed' && stateChanged,
    })),
  );
  if (linked.length > 0 && repository.sealedToken && row.state !== 'closed' && row.headSha) {
    await queueHeads(tx, now, [{ repositoryId: repository.id, sha: row.headSha }]);
  }
  return true;
}

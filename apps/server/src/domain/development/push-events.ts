import { and, eq, inArray } from 'drizzle-orm';
import { githubPullRequest, taskBranch, taskPullRequest } from '../../db/schema';
import type { PushEvent } from '../../github/payloads';
import type { RecordChange, Transaction } from '../changes';
import type { DeliveryScope } from './delivery-scope';
import { lockTasksByNumber } from './linked-tasks';
import { queueHeads } from './review-statuses';
import { type DevelopmentChange, rewriteDevelopment } from './task-development';
import { keyMentions } from './task-keys';

const BRANCH_REF = 'refs/heads/';

/**
 * A push: a branch whose name or new commits name tasks is linked to them, and so is the open pull
 * request from that branch. Pushes to the default branch link nothing (merges land there naming every
 * task they closed); a deleted branch is taken off its tasks.
 */
export async function applyPush(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  scope: DeliveryScope,
  event: PushEvent,
): Promise<boolean> {
  if (!event.ref.startsWith(BRANCH_REF)) return false;
  const branch = event.ref.slice(BRANCH_REF.length);
  const { repository, projectKey, integration } = scope;
  if (event.deleted) {
    const gone = await tx
      .delete(taskBranch)
      .where(and(eq(taskBranch.repositoryId, repository.id), eq(taskBranch.name, branch)))
      .returning({ taskId: taskBranch.taskId });
    await rewriteDevelopment(
      tx,
      record,
      now,
      integration.webUrl,
      gone.map(({ taskId }) => ({ taskId, summary: `branch ${branch} deleted` })),
    );
    return gone.length > 0;
  }
  if (branch === event.repository?.default_branch) return false;
  const mentions = keyMentions(projectKey, [
    { text: branch, foundIn: 'its name' },
    ...event.commits.map((commit) => ({ text: commit.message, foundIn: `commit ${commit.id.slice(0, 7)}` })),
  ]);
  const named = await lockTasksByNumber(
    tx,
    repository.projectId,
    mentions.map((mention) => mention.number),
  );
  if (named.length === 0) return false;
  const foundIn = new Map(mentions.map((mention) => [mention.number, mention.foundIn]));
  const byTask = new Map(
    named.map((item) => [item.id, { key: item.key, by: foundIn.get(item.number) ?? 'its name' }]),
  );
  const changes: DevelopmentChange[] = [];
  const newBranches = await tx
    .insert(taskBranch)
    .values(
      named.map((item) => ({ taskId: item.id, repositoryId: repository.id, name: branch, linkedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ taskId: taskBranch.taskId });
  for (const { taskId } of newBranches) {
    const found = byTask.get(taskId);
    if (found) changes.push({ taskId, summary: `linked branch ${branch} to ${found.key} by ${found.by}` });
  }
  // The pull requests from this branch name the tasks its commits name.
  const fromBranch = await tx
    .select()
    .from(githubPullRequest)
    .where(
      and(
        eq(githubPullRequest.repositoryId, repository.id),
        eq(githubPullRequest.headRef, branch),
        inArray(githubPullRequest.state, ['open', 'draft']),
      ),
    );
  for (const pullRequest of fromBranch) {
    const links = await tx
      .insert(taskPullRequest)
      .values(
        named.map((item) => ({
          taskId: item.id,
          pullRequestId: pullRequest.id,
          linkedBy: byTask.get(item.id)?.by ?? 'its name',
          linkedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ taskId: taskPullRequest.taskId });
    for (const { taskId } of links) {
      const found = byTask.get(taskId);
      const by = found?.by === 'its name' ? `branch ${branch}` : found?.by;
      if (found)
        changes.push({ taskId, summary: `linked PR #${pullRequest.number} to ${found.key} by ${by}` });
    }
    if (links.length > 0 && repository.sealedToken && pullRequest.headSha) {
      await queueHeads(tx, now, [{ repositoryId: repository.id, sha: pullRequest.headSha }]);
    }
  }
  await rewriteDevelopment(tx, record, now, integration.webUrl, changes);
  return true;
}

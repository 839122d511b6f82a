import type { Task } from '@switchboard/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import { githubPullRequest, githubRepository, task, taskPullRequest } from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { findTask, toTask } from '../tasks/views';
import { queueHeads } from './review-statuses';
import { rewriteDevelopment } from './task-development';

/** owner, name and number from a pull request's address on this server's GitHub, or undefined. */
export function pullRequestAddress(
  url: string,
  webUrl: string,
): { owner: string; name: string; number: number } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const web = new URL(webUrl);
  if (parsed.origin !== web.origin) return undefined;
  const base = web.pathname.replace(/\/+$/, '');
  if (!parsed.pathname.startsWith(`${base}/`)) return undefined;
  const match = parsed.pathname.slice(base.length).match(/^\/([^/]+)\/([^/]+)\/pull\/(\d{1,9})(?:\/.*)?$/);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return {
    owner: decodeURIComponent(match[1]),
    name: decodeURIComponent(match[2]),
    number: Number(match[3]),
  };
}

/**
 * Links a pull request to a task by its address, for agents that open pull requests without naming
 * the task (`gh pr create`). The repository must be connected to the task's project; a pull request
 * GitHub has not told us about yet is recorded as open, and its next delivery fills in the rest.
 */
export async function linkPullRequest(
  services: DomainServices,
  context: ActingContext,
  reference: string,
  url: string,
  webUrl: string,
): Promise<Task> {
  const address = pullRequestAddress(url, webUrl);
  if (!address) {
    throw new AppError(
      'PULL_REQUEST_URL_INVALID',
      `${url} is not a pull request address on ${webUrl} (like ${webUrl.replace(/\/+$/, '')}/owner/name/pull/12).`,
    );
  }
  return runChange(services, context, async (tx, record, now) => {
    const { task: current } = await findTask(tx, context, reference, { lock: true });
    const [repository] = await tx
      .select()
      .from(githubRepository)
      .where(
        and(
          eq(githubRepository.projectId, current.projectId),
          sql`lower(${githubRepository.owner}) = lower(${address.owner})`,
          sql`lower(${githubRepository.name}) = lower(${address.name})`,
        ),
      )
      .limit(1);
    if (!repository) {
      throw new AppError(
        'PULL_REQUEST_URL_INVALID',
        `${address.owner}/${address.name} is not connected to the project of ${current.key}; an owner or admin connects it in the project's settings.`,
      );
    }
    const fullName = `${repository.owner}/${repository.name}`;
    await tx
      .insert(githubPullRequest)
      .values({
        id: crypto.randomUUID(),
        repositoryId: repository.id,
        number: address.number,
        title: `${fullName}#${address.number}`,
        url: `${webUrl.replace(/\/+$/, '')}/${fullName}/pull/${address.number}`,
        state: 'open',
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [pullRequest] = await tx
      .select()
      .from(githubPullRequest)
      .where(
        and(eq(githubPullRequest.repositoryId, repository.id), eq(githubPullRequest.number, address.number)),
      );
    if (!pullRequest) throw new Error('pull request row is missing after its insert');
    const [link] = await tx
      .insert(taskPullRequest)
      .values({ taskId: current.id, pullRequestId: pullRequest.id, linkedBy: 'hand', linkedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!link) return toTask(current, now);
    await rewriteDevelopment(tx, record, now, webUrl, [
      { taskId: current.id, summary: `linked PR #${pullRequest.number} to ${current.key} by hand` },
    ]);
    if (repository.sealedToken && pullRequest.headSha && pullRequest.state !== 'closed') {
      await queueHeads(tx, now, [{ repositoryId: repository.id, sha: pullRequest.headSha }]);
    }
    const [row] = await tx.select().from(task).where(eq(task.id, current.id));
    return toTask(row ?? current, now);
  });
}

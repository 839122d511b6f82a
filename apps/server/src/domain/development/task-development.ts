import type { Development } from '@switchboard/api-client/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { githubPullRequest, githubRepository, task, taskBranch, taskPullRequest } from '../../db/schema';
import type { RecordChange, Transaction } from '../changes';
import { toTask } from '../tasks/views';

/** A task whose development changed, and the words for its activity line. */
export interface DevelopmentChange {
  taskId: string;
  summary: string;
}

const fullNameOf = (repository: { owner: string; name: string }) => `${repository.owner}/${repository.name}`;

/** The branches and pull requests of these tasks, as their answers show them. */
async function readDevelopment(
  tx: Transaction,
  webUrl: string,
  taskIds: string[],
): Promise<Map<string, Development>> {
  const [pullRequests, branches] = await Promise.all([
    tx
      .select({
        taskId: taskPullRequest.taskId,
        repository: githubRepository,
        pullRequest: githubPullRequest,
      })
      .from(taskPullRequest)
      .innerJoin(githubPullRequest, eq(githubPullRequest.id, taskPullRequest.pullRequestId))
      .innerJoin(githubRepository, eq(githubRepository.id, githubPullRequest.repositoryId))
      .where(inArray(taskPullRequest.taskId, taskIds))
      .orderBy(asc(githubRepository.owner), asc(githubRepository.name), asc(githubPullRequest.number)),
    tx
      .select({ taskId: taskBranch.taskId, repository: githubRepository, name: taskBranch.name })
      .from(taskBranch)
      .innerJoin(githubRepository, eq(githubRepository.id, taskBranch.repositoryId))
      .where(inArray(taskBranch.taskId, taskIds))
      .orderBy(asc(githubRepository.owner), asc(githubRepository.name), asc(taskBranch.name)),
  ]);
  const developments = new Map(taskIds.map((id) => [id, { branches: [], pullRequests: [] } as Development]));
  for (const { taskId, repository, pullRequest } of pullRequests) {
    developments.get(taskId)?.pullRequests.push({
      repository: fullNameOf(repository),
      number: pullRequest.number,
      url: pullRequest.url,
      title: pullRequest.title,
      state: pullRequest.state,
      checks: pullRequest.checks,
      headSha: pullRequest.headSha,
    });
  }
  for (const { taskId, repository, name } of branches) {
    developments.get(taskId)?.branches.push({
      repository: fullNameOf(repository),
      name,
      url: `${webUrl.replace(/\/+$/, '')}/${fullNameOf(repository)}/tree/${encodeURI(name)}`,
    });
  }
  return developments;
}

/**
 * Rewrites each task's development from the GitHub tables and records one `task.development_changed`
 * per task, its summaries joined. The version stays: nobody edits development, so no write can be lost,
 * and a client holding the task takes the event's copy as the newer one of the same version.
 */
export async function rewriteDevelopment(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  webUrl: string,
  changes: readonly DevelopmentChange[],
): Promise<void> {
  const summaries = new Map<string, string[]>();
  for (const { taskId, summary } of changes)
    summaries.set(taskId, [...(summaries.get(taskId) ?? []), summary]);
  if (summaries.size === 0) return;
  const developments = await readDevelopment(tx, webUrl, [...summaries.keys()]);
  for (const [taskId, lines] of summaries) {
    const [row] = await tx
      .update(task)
      .set({ development: developments.get(taskId) })
      .where(eq(task.id, taskId))
      .returning();
    if (!row) continue;
    await record({
      projectId: row.projectId,
      action: 'task.development_changed',
      entity: 'task',
      entityId: row.id,
      summary: [...new Set(lines)].join('; '),
      data: { version: row.version, task: toTask(row, now) },
    });
  }
}

import { existsSync } from 'node:fs';
import type { TypedApi } from '@switchboard/api-client';
import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import type { Runtime } from '../context';
import { printJson, printTable } from '../output';
import { listStatuses } from '../projects';
import {
  defaultBranch,
  deleteBranch,
  isMergedInto,
  listWorktrees,
  removeWorktree,
  uncommittedChanges,
} from './git-worktrees';
import { taskKeyOfBranch } from './naming';

/** A pull request as tasks carry it once a repository is connected; older servers send none. */
export interface PullRequestState {
  number: number;
  state: string;
  url?: string;
}

/** The task's linked pull requests, read only when the server sends them. */
export function pullRequestsOf(task: Task | null): PullRequestState[] {
  const development = (task as { development?: { pullRequests?: unknown } } | null)?.development;
  const requests = development?.pullRequests;
  if (!Array.isArray(requests)) return [];
  return requests.filter(
    (request): request is PullRequestState =>
      typeof request === 'object' &&
      request !== null &&
      typeof (request as PullRequestState).number === 'number' &&
      typeof (request as PullRequestState).state === 'string',
  );
}

/** `#12 merged, #15 open`, or an em dash when the task has none (or the server does not say). */
export function pullRequestCell(requests: readonly PullRequestState[]): string {
  return requests.length === 0
    ? '—'
    : requests.map((request) => `#${request.number} ${request.state}`).join(', ');
}

export interface TaskWorktree {
  path: string;
  branch: string;
  key: string;
  /** Null when the task cannot be read any more (deleted, or in another organization). */
  task: Task | null;
  status: TaskStatus | null;
  pullRequests: PullRequestState[];
  /** `git status --porcelain` lines: what removing the worktree would lose. */
  changes: string[];
  /** The folder was deleted by hand; git still lists it until `git worktree prune`. */
  missing: boolean;
}

async function readTask(api: TypedApi, key: string): Promise<Task | null> {
  try {
    return await api.tasks.get({ task: key });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'TASK_NOT_FOUND') return null;
    throw error;
  }
}

/** The repository's worktrees on a `<key>-…` branch, each with its task, status, pull requests and changes. */
export async function taskWorktrees(runtime: Runtime, mainRoot: string): Promise<TaskWorktree[]> {
  const api = runtime.api();
  const statusesOf = new Map<string, Promise<TaskStatus[]>>();
  const worktrees = (await listWorktrees(mainRoot)).flatMap((worktree) => {
    const key = worktree.branch ? taskKeyOfBranch(worktree.branch) : undefined;
    return !worktree.main && worktree.branch && key
      ? [{ path: worktree.path, branch: worktree.branch, key }]
      : [];
  });
  return Promise.all(
    worktrees.map(async (worktree) => {
      const missing = !existsSync(worktree.path);
      const [task, changes] = await Promise.all([
        readTask(api, worktree.key),
        missing ? Promise.resolve([]) : uncommittedChanges(worktree.path),
      ]);
      let status: TaskStatus | null = null;
      if (task) {
        let statuses = statusesOf.get(task.projectId);
        if (!statuses) {
          statuses = listStatuses(api, task.projectId);
          statusesOf.set(task.projectId, statuses);
        }
        status = (await statuses).find((each) => each.id === task.statusId) ?? null;
      }
      return { ...worktree, task, status, pullRequests: pullRequestsOf(task), changes, missing };
    }),
  );
}

export async function listTaskWorktrees(
  runtime: Runtime,
  mainRoot: string,
  options: { json: boolean },
): Promise<void> {
  const found = await taskWorktrees(runtime, mainRoot);
  if (options.json) {
    printJson(
      runtime.stdout,
      found.map((worktree) => ({
        path: worktree.path,
        branch: worktree.branch,
        key: worktree.key,
        title: worktree.task?.title ?? null,
        status: worktree.status?.name ?? null,
        statusCategory: worktree.status?.category ?? null,
        pullRequests: worktree.pullRequests,
        uncommittedChanges: worktree.changes.length,
        missing: worktree.missing,
      })),
    );
    return;
  }
  printTable(
    runtime.stdout,
    ['KEY', 'STATUS', 'PR', 'CHANGES', 'PATH', 'TITLE'],
    found.map((worktree) => [
      worktree.key,
      worktree.status?.name ?? (worktree.task ? '?' : 'not found'),
      pullRequestCell(worktree.pullRequests),
      worktree.missing ? 'folder gone' : String(worktree.changes.length),
      worktree.path,
      worktree.task?.title ?? '-',
    ]),
    'No task worktrees in this repository: `switchboard work` makes one.',
  );
}

/** Why a worktree's work is finished, or undefined while it is not: a merged pull request, or a done task. */
export function finishedBecause(worktree: Pick<TaskWorktree, 'pullRequests' | 'status'>): string | undefined {
  const merged = worktree.pullRequests.find((request) => request.state === 'merged');
  if (merged) return `pull request #${merged.number} merged`;
  if (worktree.status?.category === 'done') return `task is ${worktree.status.name}`;
  return undefined;
}

interface CleanOutcome {
  key: string;
  path: string;
  branch: string;
  action: 'removed' | 'would-remove' | 'kept';
  reason: string;
  /** After a removal: deleted (merged into the default branch), or kept and why. */
  branchAction?: 'deleted' | 'would-delete' | 'kept';
  branchReason?: string;
}

/**
 * Removes the worktrees whose work is finished (a merged pull request, or a task in a done status:
 * without a connected repository the board is all there is to go by). A worktree with uncommitted
 * changes is always kept, since removing it would lose them. A branch is deleted only when the
 * default branch holds all its commits, so no commit is ever left without a branch.
 */
export async function cleanWorktrees(
  runtime: Runtime,
  mainRoot: string,
  options: { json: boolean; dryRun: boolean },
): Promise<void> {
  const [found, base] = await Promise.all([taskWorktrees(runtime, mainRoot), defaultBranch(mainRoot)]);
  const outcomes: CleanOutcome[] = [];
  for (const worktree of found) {
    const shown = { key: worktree.key, path: worktree.path, branch: worktree.branch };
    if (worktree.missing) {
      outcomes.push({
        ...shown,
        action: 'kept',
        reason: 'its folder is gone; `git worktree prune` makes git forget it',
      });
      continue;
    }
    const finished = finishedBecause(worktree);
    if (!finished) {
      const why = worktree.task
        ? `still in progress (${worktree.status?.name ?? 'unknown status'})`
        : 'task not found';
      outcomes.push({ ...shown, action: 'kept', reason: why });
      continue;
    }
    if (worktree.changes.length > 0) {
      const count = worktree.changes.length;
      outcomes.push({
        ...shown,
        action: 'kept',
        reason: `${finished}, but it has ${count} uncommitted ${count === 1 ? 'change' : 'changes'}: commit or discard ${count === 1 ? 'it' : 'them'} first`,
      });
      continue;
    }
    const merged = await isMergedInto(mainRoot, worktree.branch, base);
    if (!options.dryRun) {
      await removeWorktree(mainRoot, worktree.path);
      if (merged) await deleteBranch(mainRoot, worktree.branch);
    }
    outcomes.push({
      ...shown,
      action: options.dryRun ? 'would-remove' : 'removed',
      reason: finished,
      branchAction: merged ? (options.dryRun ? 'would-delete' : 'deleted') : 'kept',
      branchReason: merged ? `merged into ${base}` : `not merged into ${base}`,
    });
  }
  if (options.json) {
    printJson(runtime.stdout, { dryRun: options.dryRun, base, worktrees: outcomes });
    return;
  }
  const out = runtime.stdout;
  if (outcomes.length === 0) out.write('No task worktrees in this repository.\n');
  for (const outcome of outcomes) {
    if (outcome.action === 'kept') {
      out.write(`Kept ${outcome.key} ${outcome.path}: ${outcome.reason}.\n`);
      continue;
    }
    const verb = outcome.action === 'removed' ? 'Removed' : 'Would remove';
    const branch =
      outcome.branchAction === 'kept'
        ? `kept branch ${outcome.branch} (${outcome.branchReason})`
        : `${outcome.branchAction === 'deleted' ? 'deleted' : 'would delete'} branch ${outcome.branch} (${outcome.branchReason})`;
    out.write(`${verb} ${outcome.key} ${outcome.path} (${outcome.reason}); ${branch}.\n`);
  }
}

import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  githubDelivery,
  githubPullRequest,
  githubRepository,
  githubStatusOutbox,
  task,
  taskPullRequest,
} from '../../db/schema';
import type { CommitStatus } from '../../github/client';
import { taskLink } from '../../mail/notifications';
import type { Transaction } from '../changes';
import { describeForLog } from '../errors';
import type { DomainServices } from '../services';
import { type GithubIntegration, tokenOf } from './integration';

/** The commit status Switchboard sets; the webhook ignores statuses of this context (they are its own). */
export const REVIEW_CONTEXT = 'switchboard/review';

/** Pull requests whose head commit carries the review's word: not those closed without merging. */
const REPORTED_STATES = ['open', 'draft', 'merged'] as const;

/** A retry never waits longer than this, however often GitHub said no. */
const LONGEST_RETRY_MS = 60 * 60_000;

/** A send that has not finished in this long is taken as lost, and the row is free to send again. */
const SEND_LEASE_MS = 2 * 60_000;

/** Deliveries are remembered this long; GitHub offers a redelivery of older ones only by hand. */
const DELIVERIES_KEPT_MS = 30 * 24 * 60 * 60_000;

const SENT_AT_ONCE = 25;

export interface CommitHead {
  repositoryId: string;
  sha: string;
}

/**
 * Asks for the review status of these head commits to be (re)sent: one outbox row per commit, due at
 * once. Written in the caller's transaction, so the request commits with the change it reports.
 */
export async function queueHeads(tx: Transaction, now: Date, heads: readonly CommitHead[]): Promise<void> {
  if (heads.length === 0) return;
  const unique = [...new Map(heads.map((head) => [`${head.repositoryId} ${head.sha}`, head])).values()];
  await tx
    .insert(githubStatusOutbox)
    .values(unique.map((head) => ({ ...head, nextAttemptAt: now })))
    .onConflictDoUpdate({
      target: [githubStatusOutbox.repositoryId, githubStatusOutbox.sha],
      set: {
        generation: sql`${githubStatusOutbox.generation} + 1`,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
      },
    });
}

/**
 * The review's word on these tasks changed (a finding recorded or dismissed, a link made): queue the
 * head commit of each of their pull requests in a repository with a token.
 */
export async function queueReviewStatuses(
  tx: Transaction,
  now: Date,
  taskIds: readonly string[],
): Promise<void> {
  if (taskIds.length === 0) return;
  const heads = await tx
    .selectDistinct({ repositoryId: githubPullRequest.repositoryId, sha: githubPullRequest.headSha })
    .from(taskPullRequest)
    .innerJoin(githubPullRequest, eq(githubPullRequest.id, taskPullRequest.pullRequestId))
    .innerJoin(githubRepository, eq(githubRepository.id, githubPullRequest.repositoryId))
    .where(
      and(
        inArray(taskPullRequest.taskId, [...taskIds]),
        inArray(githubPullRequest.state, [...REPORTED_STATES]),
        isNotNull(githubPullRequest.headSha),
        isNotNull(githubRepository.sealedToken),
      ),
    );
  await queueHeads(
    tx,
    now,
    heads.flatMap(({ repositoryId, sha }) => (sha ? [{ repositoryId, sha }] : [])),
  );
}

/** Every linked pull request of the repository reports again: its token was just given or replaced. */
export async function queueRepositoryStatuses(
  tx: Transaction,
  now: Date,
  repositoryId: string,
): Promise<void> {
  const heads = await tx
    .selectDistinct({ sha: githubPullRequest.headSha })
    .from(githubPullRequest)
    .innerJoin(taskPullRequest, eq(taskPullRequest.pullRequestId, githubPullRequest.id))
    .where(
      and(
        eq(githubPullRequest.repositoryId, repositoryId),
        inArray(githubPullRequest.state, [...REPORTED_STATES]),
        isNotNull(githubPullRequest.headSha),
      ),
    );
  await queueHeads(
    tx,
    now,
    heads.flatMap(({ sha }) => (sha ? [{ repositoryId, sha }] : [])),
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What the review says of a head commit, from the tasks its pull requests name: failure while any has
 * open HIGH findings, pending while MEDIUM ones await a person, success when clear. Undefined when no
 * reported pull request has this head any more (a force-push, a close): nothing to say.
 */
export async function reviewStatusOf(
  db: Database,
  head: CommitHead,
  appUrl: string,
): Promise<CommitStatus | undefined> {
  const tasks = await db
    .selectDistinct({
      key: task.key,
      number: task.number,
      projectId: task.projectId,
      high: task.openHighFindings,
      medium: task.openMediumFindings,
    })
    .from(githubPullRequest)
    .innerJoin(taskPullRequest, eq(taskPullRequest.pullRequestId, githubPullRequest.id))
    .innerJoin(task, eq(task.id, taskPullRequest.taskId))
    .where(
      and(
        eq(githubPullRequest.repositoryId, head.repositoryId),
        eq(githubPullRequest.headSha, head.sha),
        inArray(githubPullRequest.state, [...REPORTED_STATES]),
      ),
    )
    .orderBy(asc(task.number));
  const [first] = tasks;
  if (!first) return undefined;
  const high = tasks.reduce((sum, item) => sum + item.high, 0);
  const medium = tasks.reduce((sum, item) => sum + item.medium, 0);
  const worst = tasks.find((item) => item.high > 0) ?? tasks.find((item) => item.medium > 0) ?? first;
  const keys = tasks.map((item) => item.key).join(', ');
  const base = { context: REVIEW_CONTEXT, targetUrl: taskLink(appUrl, worst.projectId, worst.key) };
  if (high > 0)
    return {
      ...base,
      state: 'failure',
      description: `${plural(high, 'open HIGH review finding')} on ${keys}`,
    };
  if (medium > 0) {
    return {
      ...base,
      state: 'pending',
      description: `${plural(medium, 'MEDIUM review finding')} on ${keys} waiting for a person`,
    };
  }
  return { ...base, state: 'success', description: `No open review findings on ${keys}` };
}

/** The wait before retry `attempts` + 1: the base doubled each time, never longer than an hour. */
export function retryDelayMs(retryBaseMs: number, attempts: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

type OutboxRow = typeof githubStatusOutbox.$inferSelect;

const sameRow = (row: OutboxRow) =>
  and(
    eq(githubStatusOutbox.repositoryId, row.repositoryId),
    eq(githubStatusOutbox.sha, row.sha),
    eq(githubStatusOutbox.generation, row.generation),
  );

async function failed(
  { db, clock }: DomainServices,
  row: OutboxRow,
  fullName: string,
  message: string,
  retryBaseMs: number,
) {
  const attempts = row.attempts + 1;
  const waitMs = retryDelayMs(retryBaseMs, attempts);
  const now = clock.now();
  await db
    .update(githubStatusOutbox)
    .set({
      attempts,
      lastError: message,
      nextAttemptAt: new Date(now.getTime() + waitMs),
    })
    .where(sameRow(row));
  await db
    .update(githubRepository)
    .set({ statusError: message, statusErrorAt: now })
    .where(eq(githubRepository.id, row.repositoryId));
  console.error(
    `[github] commit status for ${fullName}@${row.sha.slice(0, 7)} not set (attempt ${attempts}): ${message}; next try in ${Math.round(waitMs / 1000)} s`,
  );
}

/** Sends one due row, taken first so that no other sweeper sends it at the same time. */
async function sendOne(
  services: DomainServices,
  integration: GithubIntegration,
  due: OutboxRow,
): Promise<void> {
  const { db } = services;
  const now = services.clock.now();
  const [row] = await db
    .update(githubStatusOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(and(sameRow(due), lte(githubStatusOutbox.nextAttemptAt, now)))
    .returning();
  if (!row) return;
  const [repository] = await db
    .select()
    .from(githubRepository)
    .where(eq(githubRepository.id, row.repositoryId));
  const status = repository ? await reviewStatusOf(db, row, integration.appUrl) : undefined;
  // No token any more, or nothing left to report on this commit: the row has served its purpose.
  if (!repository?.sealedToken || !status) {
    await db.delete(githubStatusOutbox).where(sameRow(row));
    return;
  }
  const fullName = `${repository.owner}/${repository.name}`;
  const token = tokenOf(repository, integration);
  if (!token) {
    const message = "The stored token cannot be read (the server's secret changed); enter the token again.";
    await failed(services, row, fullName, message, integration.retryBaseMs);
    return;
  }
  const answer = await integration.client.setCommitStatus(
    repository.owner,
    repository.name,
    row.sha,
    token,
    status,
  );
  if (!answer.ok) {
    await failed(services, row, fullName, answer.message, integration.retryBaseMs);
    return;
  }
  // Asked for again while this was on its way: the newer request stays and goes out next.
  await db.delete(githubStatusOutbox).where(sameRow(row));
  await db
    .update(githubRepository)
    .set({ statusDeliveredAt: services.clock.now() })
    .where(eq(githubRepository.id, row.repositoryId));
}

/**
 * Sends the commit statuses that are due, oldest first, and forgets deliveries older than a month.
 * Called by the upkeep sweep and right after a webhook delivery; a failure is recorded on the row and
 * the repository (its settings show it) and retried later, never dropped.
 */
export async function deliverReviewStatuses(
  services: DomainServices,
  integration: GithubIntegration,
): Promise<void> {
  const { db } = services;
  const now = services.clock.now();
  const due = await db
    .select()
    .from(githubStatusOutbox)
    .where(lte(githubStatusOutbox.nextAttemptAt, now))
    .orderBy(asc(githubStatusOutbox.nextAttemptAt))
    .limit(SENT_AT_ONCE);
  for (const row of due) {
    try {
      await sendOne(services, integration, row);
    } catch (error) {
      console.error(`[github] sending a commit status failed: ${describeForLog(error)}`);
    }
  }
  await db
    .delete(githubDelivery)
    .where(lte(githubDelivery.receivedAt, new Date(now.getTime() - DELIVERIES_KEPT_MS)));
}

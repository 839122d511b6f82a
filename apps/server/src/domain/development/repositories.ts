import { randomBytes } from 'node:crypto';
import type {
  ConnectRepository,
  Repository,
  RepositoryCheck,
  RepositoryWithSecret,
  UpdateRepository,
} from '@switchboard/api-client/contract';
import { API_BASE_PATH } from '@switchboard/api-client/paths';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  githubPullRequest,
  githubRepository,
  githubStatusOutbox,
  taskBranch,
  taskPullRequest,
} from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange, type Transaction } from '../changes';
import { AppError, postgresErrorCode } from '../errors';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { type GithubIntegration, tokenOf } from './integration';
import { queueRepositoryStatuses } from './review-statuses';
import { rewriteDevelopment } from './task-development';

export type RepositoryRow = typeof githubRepository.$inferSelect;
type Executor = Database | Transaction;

/**
 * Connecting a repository hands GitHub a way to move the project's tasks and stores a token that
 * writes to the code host: a setting of the organization, for owners and admins.
 */
export function requireRepositoryManager(role: string): void {
  requireSettingsWriter(role, 'connect repositories or change their settings');
}

/** A repository of one of the caller's projects; any other id is not found, whoever holds it. */
export async function findRepository(
  db: Executor,
  context: ActingContext,
  projectId: string,
  repositoryId: string,
): Promise<RepositoryRow> {
  await findProject(db, context, projectId);
  const [row] = await db
    .select()
    .from(githubRepository)
    .where(
      and(
        eq(githubRepository.id, repositoryId),
        eq(githubRepository.projectId, projectId),
        eq(githubRepository.organizationId, context.organizationId),
      ),
    )
    .limit(1);
  if (!row)
    throw new AppError('REPOSITORY_NOT_FOUND', `There is no repository ${repositoryId} in this project.`);
  return row;
}

async function waitingStatuses(db: Executor, repositoryIds: string[]): Promise<Map<string, number>> {
  if (repositoryIds.length === 0) return new Map();
  const rows = await db
    .select({ repositoryId: githubStatusOutbox.repositoryId, waiting: count() })
    .from(githubStatusOutbox)
    .where(inArray(githubStatusOutbox.repositoryId, repositoryIds))
    .groupBy(githubStatusOutbox.repositoryId);
  return new Map(rows.map((row) => [row.repositoryId, row.waiting]));
}

function toRepository(row: RepositoryRow, waiting: number, integration: GithubIntegration): Repository {
  const fullName = `${row.owner}/${row.name}`;
  return {
    id: row.id,
    projectId: row.projectId,
    owner: row.owner,
    name: row.name,
    fullName,
    url: `${integration.webUrl.replace(/\/+$/, '')}/${fullName}`,
    hasToken: row.sealedToken !== null,
    webhookUrl: `${integration.apiUrl.replace(/\/+$/, '')}${API_BASE_PATH}/webhooks/github/${row.id}`,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    statusDelivery: {
      waiting,
      lastError:
        row.statusError && row.statusErrorAt
          ? { message: row.statusError, at: row.statusErrorAt.toISOString() }
          : null,
      lastDeliveredAt: row.statusDeliveredAt?.toISOString() ?? null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

async function answerOf(
  db: Executor,
  row: RepositoryRow,
  integration: GithubIntegration,
): Promise<Repository> {
  const waiting = await waitingStatuses(db, [row.id]);
  return toRepository(row, waiting.get(row.id) ?? 0, integration);
}

export async function listRepositories(
  db: Database,
  context: ActingContext,
  projectId: string,
  integration: GithubIntegration,
): Promise<Repository[]> {
  await findProject(db, context, projectId);
  const rows = await db
    .select()
    .from(githubRepository)
    .where(eq(githubRepository.projectId, projectId))
    .orderBy(asc(githubRepository.owner), asc(githubRepository.name));
  const waiting = await waitingStatuses(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRepository(row, waiting.get(row.id) ?? 0, integration));
}

/** 256 random bits, as GitHub's own secret generators make them. */
const newWebhookSecret = () => randomBytes(32).toString('hex');

export async function connectRepository(
  { db, clock }: DomainServices,
  context: ActingContext,
  projectId: string,
  input: ConnectRepository,
  integration: GithubIntegration,
): Promise<RepositoryWithSecret> {
  await findProject(db, context, projectId);
  const webhookSecret = newWebhookSecret();
  try {
    const [row] = await db
      .insert(githubRepository)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        projectId,
        owner: input.owner,
        name: input.name,
        sealedToken: input.token ? integration.box.seal(input.token) : null,
        sealedWebhookSecret: integration.box.seal(webhookSecret),
        createdById: context.actor.type === 'user' ? context.actor.id : null,
        createdAt: clock.now(),
      })
      .returning();
    if (!row) throw new Error('repository insert returned nothing');
    return { ...toRepository(row, 0, integration), webhookSecret };
  } catch (error) {
    if (postgresErrorCode(error) === '23505') {
      throw new AppError(
        'REPOSITORY_ALREADY_CONNECTED',
        `This project is already connected to ${input.owner}/${input.name}.`,
      );
    }
    throw error;
  }
}

export async function updateRepository(
  { db, clock }: DomainServices,
  context: ActingContext,
  projectId: string,
  repositoryId: string,
  input: UpdateRepository,
  integration: GithubIntegration,
): Promise<Repository> {
  return db.transaction(async (tx) => {
    await findRepository(tx, context, projectId, repositoryId);
    const [row] = await tx
      .update(githubRepository)
      .set({ sealedToken: input.token === null ? null : integration.box.seal(input.token) })
      .where(eq(githubRepository.id, repositoryId))
      .returning();
    if (!row) throw new AppError('REPOSITORY_NOT_FOUND');
    // With a new token, the pull requests already linked get the review's word too.
    if (input.token !== null) await queueRepositoryStatuses(tx, clock.now(), repositoryId);
    return answerOf(tx, row, integration);
  });
}

/** A new secret replaces the old one at once: deliveries signed with the old one are refused from now on. */
export async function rotateWebhookSecret(
  db: Database,
  context: ActingContext,
  projectId: string,
  repositoryId: string,
  integration: GithubIntegration,
): Promise<RepositoryWithSecret> {
  await findRepository(db, context, projectId, repositoryId);
  const webhookSecret = newWebhookSecret();
  const [row] = await db
    .update(githubRepository)
    .set({ sealedWebhookSecret: integration.box.seal(webhookSecret) })
    .where(eq(githubRepository.id, repositoryId))
    .returning();
  if (!row) throw new AppError('REPOSITORY_NOT_FOUND');
  return { ...(await answerOf(db, row, integration)), webhookSecret };
}

/**
 * Disconnecting forgets the repository's pull requests, branches and waiting statuses; the tasks that
 * showed them are rewritten in the same change, so no answer keeps a link to a repository that is gone.
 */
export async function disconnectRepository(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  repositoryId: string,
  integration: GithubIntegration,
): Promise<Repository> {
  return runChange(services, context, async (tx, record, now) => {
    const row = await findRepository(tx, context, projectId, repositoryId);
    const answer = await answerOf(tx, row, integration);
    const linked = await tx
      .selectDistinct({ taskId: taskPullRequest.taskId })
      .from(taskPullRequest)
      .innerJoin(githubPullRequest, eq(githubPullRequest.id, taskPullRequest.pullRequestId))
      .where(eq(githubPullRequest.repositoryId, repositoryId))
      .union(
        tx
          .selectDistinct({ taskId: taskBranch.taskId })
          .from(taskBranch)
          .where(eq(taskBranch.repositoryId, repositoryId)),
      );
    await tx.delete(githubRepository).where(eq(githubRepository.id, repositoryId));
    await rewriteDevelopment(
      tx,
      record,
      now,
      integration.webUrl,
      linked.map(({ taskId }) => ({ taskId, summary: `disconnected ${answer.fullName}` })),
    );
    return answer;
  });
}

/** Asks GitHub about the repository with its token: the "send test" of the settings. */
export async function testRepository(
  { db, clock }: DomainServices,
  context: ActingContext,
  projectId: string,
  repositoryId: string,
  integration: GithubIntegration,
): Promise<RepositoryCheck> {
  const row = await findRepository(db, context, projectId, repositoryId);
  if (!row.sealedToken) throw new AppError('GITHUB_TOKEN_MISSING');
  const token = tokenOf(row, integration);
  if (!token) {
    throw new AppError(
      'GITHUB_TOKEN_MISSING',
      "The stored token cannot be read any more (the server's secret changed); enter the token again.",
    );
  }
  const answer = await integration.client.readRepository(row.owner, row.name, token);
  if (!answer.ok) {
    throw answer.refused
      ? new AppError(
          'GITHUB_TOKEN_REFUSED',
          `${answer.message}. Check the token can read ${row.owner}/${row.name}.`,
        )
      : new AppError('GITHUB_UNAVAILABLE', answer.message);
  }
  return {
    fullName: answer.value.fullName,
    canWriteStatuses: answer.value.canPush,
    checkedAt: clock.now().toISOString(),
  };
}

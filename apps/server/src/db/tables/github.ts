import { CHECK_STATES, PULL_REQUEST_STATES } from '@switchboard/api-client/contract';
import { user } from '@switchboard/auth/schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy } from './columns';
import { project } from './projects';
import { task } from './work';

/** A GitHub repository a project is connected to: where its webhook deliveries come from. */
export const githubRepository = pgTable(
  'github_repository',
  {
    ...organizationOwned(),
    projectId: ownedBy('project_id', () => project.id),
    owner: text('owner').notNull(),
    name: text('name').notNull(),
    /** The token, sealed with the server's secret (secret-box.ts); null = no commit statuses. */
    sealedToken: text('sealed_token'),
    /** The webhook secret, sealed: it must be read back to check each delivery's signature. */
    sealedWebhookSecret: text('sealed_webhook_secret').notNull(),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    /** The last time GitHub refused a commit status or could not be reached, and its words. */
    statusError: text('status_error'),
    statusErrorAt: timestamp('status_error_at', { withTimezone: true }),
    statusDeliveredAt: timestamp('status_delivered_at', { withTimezone: true }),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // GitHub names are case-insensitive: Acme/API and acme/api are one repository.
    uniqueIndex('github_repository_project_name_idx').on(
      table.projectId,
      sql`lower(${table.owner})`,
      sql`lower(${table.name})`,
    ),
  ],
);

/** Each delivery GitHub sent, by its X-GitHub-Delivery id, so a redelivery is applied once. */
export const githubDelivery = pgTable(
  'github_delivery',
  {
    repositoryId: ownedBy('repository_id', () => githubRepository.id),
    deliveryId: text('delivery_id').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.repositoryId, table.deliveryId] }),
    index('github_delivery_received_idx').on(table.receivedAt),
  ],
);

/** A pull request of a connected repository, as its last delivery described it. */
export const githubPullRequest = pgTable(
  'github_pull_request',
  {
    id: text('id').primaryKey(),
    repositoryId: ownedBy('repository_id', () => githubRepository.id),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    state: text('state', { enum: PULL_REQUEST_STATES }).notNull(),
    headRef: text('head_ref'),
    headSha: text('head_sha'),
    checks: text('checks', { enum: CHECK_STATES }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('github_pull_request_number_idx').on(table.repositoryId, table.number),
    index('github_pull_request_head_idx').on(table.repositoryId, table.headSha),
  ],
);

/** Which pull requests name which tasks, and how the link was found (branch, title, body, commit, by hand). */
export const taskPullRequest = pgTable(
  'task_pull_request',
  {
    taskId: ownedBy('task_id', () => task.id),
    pullRequestId: ownedBy('pull_request_id', () => githubPullRequest.id),
    linkedBy: text('linked_by').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.pullRequestId] }),
    index('task_pull_request_pull_request_idx').on(table.pullRequestId),
  ],
);

/** Branches that name a task, or carry commits that do. */
export const taskBranch = pgTable(
  'task_branch',
  {
    taskId: ownedBy('task_id', () => task.id),
    repositoryId: ownedBy('repository_id', () => githubRepository.id),
    name: text('name').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.repositoryId, table.name] }),
    index('task_branch_repository_name_idx').on(table.repositoryId, table.name),
  ],
);

/**
 * CI's word on a commit, one row per check suite, check run or status context, so a pull request's
 * checks are all of them together whatever order they arrive in.
 */
export const githubCommitCheck = pgTable(
  'github_commit_check',
  {
    repositoryId: ownedBy('repository_id', () => githubRepository.id),
    sha: text('sha').notNull(),
    /** suite:<id>, run:<id> or status:<context>. */
    source: text('source').notNull(),
    state: text('state', { enum: CHECK_STATES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.repositoryId, table.sha, table.source] })],
);

/**
 * Commit statuses waiting to reach GitHub: one row per head commit, written in the transaction that
 * changed what it should say and deleted once GitHub took it. What it says is read when it is sent, so
 * a row never carries a stale state; `generation` tells a send that the row was asked for again meanwhile.
 */
export const githubStatusOutbox = pgTable(
  'github_status_outbox',
  {
    repositoryId: ownedBy('repository_id', () => githubRepository.id),
    sha: text('sha').notNull(),
    generation: integer('generation').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    primaryKey({ columns: [table.repositoryId, table.sha] }),
    index('github_status_outbox_due_idx').on(table.nextAttemptAt),
  ],
);

/** Which moves follow the code in a project; no row = all on. */
export const codeMoves = pgTable('code_moves', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => project.id, { onDelete: 'cascade' }),
  openedMovesToReview: boolean('opened_moves_to_review').notNull().default(true),
  mergedMovesToDone: boolean('merged_moves_to_done').notNull().default(true),
  closedAddsComment: boolean('closed_adds_comment').notNull().default(true),
  version: integer('version').notNull().default(1),
});

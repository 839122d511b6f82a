import {
  ACTOR_TYPES,
  type Development,
  NO_DEVELOPMENT,
  PRIORITIES,
  WORK_UNIT_STATUSES,
  WORK_UNIT_TYPES,
} from '@switchboard/api-client/contract';
import { user } from '@switchboard/auth/schema';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownedBy, versioned } from './columns';
import { project, taskStatus } from './projects';

export const workUnit = pgTable(
  'work_unit',
  {
    id: text('id').primaryKey(),
    projectId: ownedBy('project_id', () => project.id),
    number: integer('number').notNull(),
    /** KEY-WU-n */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: WORK_UNIT_TYPES }).notNull().default('feature'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: WORK_UNIT_STATUSES }).notNull().default('planning'),
    parentWorkUnitId: text('parent_work_unit_id').references((): AnyPgColumn => workUnit.id, {
      onDelete: 'set null',
    }),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    estimatedEffort: numeric('estimated_effort', { mode: 'number' }),
    startDate: date('start_date'),
    targetDate: date('target_date'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    devInfo: jsonb('dev_info').$type<Record<string, unknown>>().notNull().default({}),
    ...versioned(),
  },
  (table) => [
    uniqueIndex('work_unit_project_number_idx').on(table.projectId, table.number),
    index('work_unit_parent_idx').on(table.parentWorkUnitId),
  ],
);

export interface AcceptanceCriterion {
  text: string;
  checked: boolean;
}

export const task = pgTable(
  'task',
  {
    id: text('id').primaryKey(),
    projectId: ownedBy('project_id', () => project.id),
    workUnitId: text('work_unit_id').references(() => workUnit.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    /** KEY-n */
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An agent profile name; a task has at most one assignee, so this and assigneeUserId never both hold. */
    assignee: text('assignee'),
    /** A member of the organization the task is assigned to; cleared when the person is deleted. */
    assigneeUserId: text('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The person who created the task; null when an agent created it. */
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    acceptanceCriteria: jsonb('acceptance_criteria').$type<AcceptanceCriterion[]>().notNull().default([]),
    statusId: text('status_id')
      .notNull()
      .references(() => taskStatus.id),
    /** Order within its status column; fractional so a move rewrites one row. */
    position: doublePrecision('position').notNull(),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('medium'),
    /** The calendar day it is due: a date with no time, so it is the same day wherever it is read. */
    dueDate: date('due_date'),
    /** Points on the contract's estimate scale; null when nobody estimated it. */
    estimate: integer('estimate'),
    blockedBy: text('blocked_by').array().notNull().default([]),
    /** The agent session that last took or used the claim: its current task on the dashboard. */
    claimedBy: text('claimed_by'),
    /**
     * The agent holding the claim (an agent profile name, or a key's name): the claim is the agent's, so
     * any of its sessions may continue the task, and every other agent's write is refused.
     */
    claimAgent: text('claim_agent'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    /** When a lease ran out on this task in progress; next-task offers it before fresh work until claimed. */
    leaseExpiredAt: timestamp('lease_expired_at', { withTimezone: true }),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: numeric('cost_usd', { mode: 'number' }).notNull().default(0),
    devInfo: jsonb('dev_info').$type<Record<string, unknown>>().notNull().default({}),
    // Open review findings by severity, kept with the task so every task answer and event carries them.
    openHighFindings: integer('open_high_findings').notNull().default(0),
    openMediumFindings: integer('open_medium_findings').notNull().default(0),
    openLowFindings: integer('open_low_findings').notNull().default(0),
    /** An agent finished it with open MEDIUM findings: it waits in review for a person. */
    needsReview: boolean('needs_review').notNull().default(false),
    /**
     * The branches and pull requests that name the task, rebuilt from the GitHub tables whenever they
     * change (development/task-development.ts), so every task answer and event carries them without a join.
     */
    development: jsonb('development').$type<Development>().notNull().default(NO_DEVELOPMENT),
    ...versioned(),
  },
  (table) => [
    uniqueIndex('task_project_number_idx').on(table.projectId, table.number),
    index('task_project_status_position_idx').on(table.projectId, table.statusId, table.position),
    index('task_work_unit_idx').on(table.workUnitId),
    // Lease renewal and next-task look tasks up by the agent session holding them.
    index('task_claimed_by_idx').on(table.claimedBy),
    // Lease sweeps look for claims that ran out.
    index('task_claim_expires_idx').on(table.claimExpiresAt),
    // My work lists a person's tasks across the organization's projects.
    index('task_assignee_user_idx').on(table.assigneeUserId),
  ],
);

export const taskComment = pgTable(
  'task_comment',
  {
    id: text('id').primaryKey(),
    taskId: ownedBy('task_id', () => task.id),
    authorType: text('author_type', { enum: ACTOR_TYPES }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** When its author last changed the body; null for a comment never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...versioned(),
  },
  (table) => [index('task_comment_task_idx').on(table.taskId, table.createdAt)],
);

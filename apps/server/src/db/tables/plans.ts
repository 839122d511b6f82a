import { ACTOR_TYPES, PLAN_ITEM_KINDS, PLAN_STATUSES, PRIORITIES } from '@switchboard/api-client/contract';
import { user } from '@switchboard/auth/schema';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy, versioned } from './columns';
import { project } from './projects';

/**
 * A proposal of work for a project: work units and tasks an agent or a person wrote, which a person
 * accepts (all or some of it) into real work units and tasks, or rejects. Its items are kept per
 * revision so earlier versions of the proposal stay readable.
 */
export const plan = pgTable(
  'plan',
  {
    ...organizationOwned(),
    projectId: ownedBy('project_id', () => project.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('proposed'),
    /** The items' current revision; each change of the items writes a new one. */
    revision: integer('revision').notNull().default(1),
    authorType: text('author_type', { enum: ACTOR_TYPES }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    rejectionReason: text('rejection_reason'),
    ...versioned(),
  },
  (table) => [index('plan_project_created_idx').on(table.projectId, table.createdAt)],
);

/** One proposed work unit or task of one revision of a plan, named by its key within the plan. */
export const planItem = pgTable(
  'plan_item',
  {
    planId: ownedBy('plan_id', () => plan.id),
    revision: integer('revision').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: PLAN_ITEM_KINDS }).notNull(),
    /** The enclosing work unit item's key; null at the top. */
    parentKey: text('parent_key'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    acceptanceCriteria: jsonb('acceptance_criteria').$type<string[]>().notNull().default([]),
    priority: text('priority', { enum: PRIORITIES }),
    estimateHours: doublePrecision('estimate_hours'),
    dependsOn: text('depends_on').array().notNull().default([]),
    /** An agent profile name, or the words the author used when they name nobody we know. */
    assignee: text('assignee'),
    /** A member of the organization the author named by e-mail. */
    assigneeUserId: text('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The task or work unit this item became once accepted; carried to later revisions. */
    acceptedAs: text('accepted_as'),
    /** Its key (SWB-12) or slug (SWB-WU-3), as answers name it. */
    acceptedKey: text('accepted_key'),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.revision, table.key] })],
);

/**
 * Who wrote each revision of a plan's items: its proposer wrote the first, and whoever saved the
 * items again (an agent revising, a person editing in place) wrote the next. Plans older than this
 * table have no rows; their author stands for every revision.
 */
export const planRevision = pgTable(
  'plan_revision',
  {
    planId: ownedBy('plan_id', () => plan.id),
    revision: integer('revision').notNull(),
    authorType: text('author_type', { enum: ACTOR_TYPES }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.revision] })],
);

/** The conversation about a plan, optionally about one of its items. */
export const planMessage = pgTable(
  'plan_message',
  {
    id: text('id').primaryKey(),
    planId: ownedBy('plan_id', () => plan.id),
    itemKey: text('item_key'),
    authorType: text('author_type', { enum: ACTOR_TYPES }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('plan_message_plan_created_idx').on(table.planId, table.createdAt, table.id)],
);

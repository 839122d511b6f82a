import { ACTOR_TYPES, FINDING_SOURCES, FINDING_STATUSES, SEVERITIES } from '@switchboard/api-client/contract';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownedBy } from './columns';
import { task } from './work';

/**
 * What a review found in one file of a task. Open findings gate the task's moves; a new review of the
 * same file (from the same source) replaces its open findings, and a person's dismissal keeps the row
 * with its reason.
 */
export const taskFinding = pgTable(
  'task_finding',
  {
    id: text('id').primaryKey(),
    taskId: ownedBy('task_id', () => task.id),
    /** Repository-relative, normalised (no `..`, forward slashes). */
    filePath: text('file_path').notNull(),
    /** must_do, should_do or must_not_do: which list the rule came from. */
    type: text('type').notNull(),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    rule: text('rule').notNull(),
    pattern: text('pattern').notNull(),
    violation: text('violation').notNull(),
    line: integer('line'),
    suggestion: text('suggestion'),
    source: text('source', { enum: FINDING_SOURCES }).notNull(),
    /** The machine check that found it (`forbid /…/`, `require /…/`, `forbidImport …`); null for a judgement. */
    check: text('check'),
    status: text('status', { enum: FINDING_STATUSES }).notNull().default('open'),
    /** One review's findings share its id. */
    reviewId: text('review_id').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    recordedByType: text('recorded_by_type', { enum: ACTOR_TYPES }).notNull(),
    recordedById: text('recorded_by_id'),
    recordedByName: text('recorded_by_name').notNull(),
    dismissedById: text('dismissed_by_id'),
    dismissedByName: text('dismissed_by_name'),
    dismissReason: text('dismiss_reason'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    index('task_finding_task_status_idx').on(table.taskId, table.status),
    index('task_finding_task_file_idx').on(table.taskId, table.filePath),
  ],
);

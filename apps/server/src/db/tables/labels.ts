import { organization } from '@switchboard/auth/schema';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { task } from './work';

/** An organisation's labels: a name and a colour that any task of any project may carry. */
export const label = pgTable(
  'label',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Shown as written; unique in the organisation whatever its case, so "Bug" and "bug" are one label. */
    name: text('name').notNull(),
    /** #rrggbb, lower case. */
    color: text('color').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('label_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`)],
);

/** Which labels a task carries; both sides cascade, so deleting a label takes it off every task. */
export const taskLabel = pgTable(
  'task_label',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    labelId: text('label_id')
      .notNull()
      .references(() => label.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.labelId] }),
    // The filter and a label's deletion look tasks up by label.
    index('task_label_label_idx').on(table.labelId),
  ],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy, versioned } from './columns';
import { task } from './work';

/** An organization's labels: a name and a colour that any task of any project may carry. */
export const label = pgTable(
  'label',
  {
    ...organizationOwned(),
    /** Shown as written; unique in the organization whatever its case, so "Bug" and "bug" are one label. */
    name: text('name').notNull(),
    /** #rrggbb, lower case. */
    color: text('color').notNull(),
    ...versioned(),
  },
  (table) => [uniqueIndex('label_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`)],
);

/** Which labels a task carries; both sides cascade, so deleting a label takes it off every task. */
export const taskLabel = pgTable(
  'task_label',
  {
    taskId: ownedBy('task_id', () => task.id),
    labelId: ownedBy('label_id', () => label.id),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.labelId] }),
    // The filter and a label's deletion look tasks up by label.
    index('task_label_label_idx').on(table.labelId),
  ],
);

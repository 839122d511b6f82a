import { STATUS_CATEGORIES } from '@switchboard/api-client/contract';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy, versioned } from './columns';
import { ruleSet } from './rule-sets';
import { template } from './templates';

export const project = pgTable(
  'project',
  {
    ...organizationOwned(),
    /** 2–6 capitals, unique per organization; prefixes task keys (SWB-12) and work-unit slugs (SWB-WU-3). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Counters handed out inside the inserting transaction (row lock), so concurrent creators never collide.
    nextTaskNumber: integer('next_task_number').notNull().default(1),
    nextWorkUnitNumber: integer('next_work_unit_number').notNull().default(1),
    /** The architecture rules its agents' changes are reviewed against; none when unset. */
    ruleSetId: text('rule_set_id').references(() => ruleSet.id, { onDelete: 'set null' }),
    /** The scaffolding template its agents use when they name none; none when unset. */
    templateId: text('template_id').references(() => template.id, { onDelete: 'set null' }),
    ...versioned(),
  },
  (table) => [uniqueIndex('project_organization_key_idx').on(table.organizationId, table.key)],
);

export const taskStatus = pgTable(
  'task_status',
  {
    id: text('id').primaryKey(),
    projectId: ownedBy('project_id', () => project.id),
    name: text('name').notNull(),
    category: text('category', { enum: STATUS_CATEGORIES }).notNull(),
    /** #rrggbb, the column's colour on the board. */
    color: text('color').notNull().default('#8b8d98'),
    position: integer('position').notNull(),
  },
  (table) => [
    index('task_status_project_idx').on(table.projectId),
    uniqueIndex('task_status_project_name_idx').on(table.projectId, table.name),
  ],
);

import { organization, user } from '@switchboard/auth/schema';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { project } from './projects';

/**
 * A named arrangement of a project's list (its filters, grouping and sort, as URL search parameters).
 * Personal views are their author's alone; shared ones every member of the organization sees.
 */
export const savedView = pgTable(
  'saved_view',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    /** A view is its author's: it goes with them, shared or not. */
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Unique among its author's views of the project, whatever its case. */
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    search: jsonb('search').$type<Record<string, string>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_view_author_name_idx').on(table.projectId, table.authorId, sql`lower(${table.name})`),
    // The menu lists a project's shared views besides the caller's own.
    index('saved_view_project_shared_idx').on(table.projectId, table.shared),
  ],
);

import { user } from '@switchboard/auth/schema';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy, versioned } from './columns';
import { project } from './projects';

/**
 * A named arrangement of a project's list (its filters, grouping and sort, as URL search parameters).
 * Personal views are their author's alone; shared ones every member of the organization sees.
 */
export const savedView = pgTable(
  'saved_view',
  {
    ...organizationOwned(),
    projectId: ownedBy('project_id', () => project.id),
    /** A view is its author's: it goes with them, shared or not. */
    authorId: ownedBy('author_id', () => user.id),
    /** Unique among its author's views of the project, whatever its case. */
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    search: jsonb('search').$type<Record<string, string>>().notNull(),
    ...versioned(),
  },
  (table) => [
    uniqueIndex('saved_view_author_name_idx').on(table.projectId, table.authorId, sql`lower(${table.name})`),
    // The menu lists a project's shared views besides the caller's own.
    index('saved_view_project_shared_idx').on(table.projectId, table.shared),
  ],
);

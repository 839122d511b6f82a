import { organization } from '@switchboard/auth/schema';
import type { ScaffoldConfig } from '@switchboard/templates';
import { integer, json, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An organisation's scaffolding template: AgiFlow's scaffold.yaml and the files it includes, kept as
 * written (the text and a path → content map) because they are read and written whole and pushed and
 * pulled as a folder.
 */
export const template = pgTable(
  'template',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Unique in the organisation; the folder name under templates/ and what projects name. */
    name: text('name').notNull(),
    scaffoldYaml: text('scaffold_yaml').notNull(),
    /**
     * scaffold.yaml as parsed when it was saved, so listing, previewing and the agents' tools never
     * parse it again. Null only on rows saved before it was kept; those are parsed when read. `json`,
     * not `jsonb`: jsonb sorts object keys, and the order of a method's variables is the author's.
     */
    config: json('config').$type<ScaffoldConfig>(),
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    version: integer('version').notNull().default(1),
    /** The name of the person or agent who last wrote it. */
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('template_organization_name_idx').on(table.organizationId, table.name)],
);

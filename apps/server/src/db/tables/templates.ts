import type { ScaffoldConfig } from '@switchboard/templates';
import { json, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, versioned } from './columns';

/**
 * An organization's scaffolding template: AgiFlow's scaffold.yaml and the files it includes, kept as
 * written (the text and a path → content map) because they are read and written whole and pushed and
 * pulled as a folder.
 */
export const template = pgTable(
  'template',
  {
    ...organizationOwned(),
    /** Unique in the organization; the folder name under templates/ and what projects name. */
    name: text('name').notNull(),
    scaffoldYaml: text('scaffold_yaml').notNull(),
    /**
     * scaffold.yaml as parsed when it was saved, so listing, previewing and the agents' tools never
     * parse it again. Null only on rows saved before it was kept; those are parsed when read. `json`,
     * not `jsonb`: jsonb sorts object keys, and the order of a method's variables is the author's.
     */
    config: json('config').$type<ScaffoldConfig>(),
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    /** The name of the person or agent who last wrote it. */
    updatedBy: text('updated_by').notNull(),
    ...versioned(),
  },
  (table) => [uniqueIndex('template_organization_name_idx').on(table.organizationId, table.name)],
);

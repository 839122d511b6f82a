import type { RuleSetContent } from '@switchboard/architecture';
import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, versioned } from './columns';

/**
 * An organization's named architecture rules: design patterns and the rules checked against files.
 * Kept as one document (the engine's RuleSetContent) because it is read and written whole, and its
 * YAML import and export map onto it one to one; the YAML text itself is kept beside it as written.
 */
export const ruleSet = pgTable(
  'rule_set',
  {
    ...organizationOwned(),
    /** Unique in the organization; what projects, the REST paths and the CLI name it by. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: jsonb('content').$type<RuleSetContent>().notNull(),
    /**
     * architect.yaml and RULES.yaml as the person wrote them (comments, key order), answered when the
     * set is downloaded; `content` stays what reviews use. Null when the last write was not YAML (JSON,
     * or an agent's edit of one entry), and the files are then written from `content`.
     */
    architectYaml: text('architect_yaml'),
    rulesYaml: text('rules_yaml'),
    /** The name of the person or agent who last wrote it. */
    updatedBy: text('updated_by').notNull(),
    ...versioned(),
  },
  (table) => [uniqueIndex('rule_set_organization_name_idx').on(table.organizationId, table.name)],
);

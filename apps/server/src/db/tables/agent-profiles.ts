import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, versioned } from './columns';

/**
 * Shared agent profiles: set once for the whole organization. `name` is a lower-case slug
 * (backend-dev), unique in the organization, and is what tasks are assigned to and API keys act as.
 */
export const agentProfile = pgTable(
  'agent_profile',
  {
    ...organizationOwned(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Markdown: how this agent works (what a Claude Code subagent file carries as its body). */
    instructions: text('instructions').notNull().default(''),
    /** The model the agent should run on, when it matters; free text (e.g. claude-sonnet-4-5). */
    model: text('model'),
    /** Tools the agent may use; empty = no restriction. */
    tools: text('tools').array().notNull().default([]),
    ...versioned(),
  },
  (table) => [uniqueIndex('agent_profile_organization_name_idx').on(table.organizationId, table.name)],
);

import { organization } from '@switchboard/auth/schema';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationOwned, ownedBy } from './columns';
import { project } from './projects';
import { task } from './work';

/** Stored statuses; `idle` is derived when read (an active session with no call for AGENT_IDLE_AFTER_MS). */
export const STORED_AGENT_SESSION_STATUSES = ['active', 'awaiting_input', 'ended'] as const;

/**
 * One row per MCP session. The row also holds what a server process needs to serve a
 * session another process opened (project, toolsets, client, protocol version), so sessions survive a
 * restart and any process behind a load balancer can answer them.
 */
export const agentSession = pgTable(
  'agent_session',
  {
    /** Public id: what task claims point at and the dashboard shows. */
    id: text('id').primaryKey(),
    /** The Mcp-Session-Id header value; only the credential that opened the session may use it. */
    mcpSessionId: text('mcp_session_id').notNull(),
    organizationId: ownedBy('organization_id', () => organization.id),
    projectId: text('project_id').references(() => project.id, { onDelete: 'set null' }),
    agentName: text('agent_name').notNull(),
    apiKeyId: text('api_key_id'),
    /** Who opened it: `key:<apiKeyId>` or `user:<userId>`; every later request must be the same. */
    principal: text('principal').notNull(),
    clientName: text('client_name'),
    clientVersion: text('client_version'),
    protocolVersion: text('protocol_version').notNull(),
    toolsets: text('toolsets').array().notNull(),
    status: text('status', { enum: STORED_AGENT_SESSION_STATUSES }).notNull().default('active'),
    question: text('question'),
    currentTaskId: text('current_task_id').references(() => task.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_session_mcp_session_idx').on(table.mcpSessionId),
    index('agent_session_organization_seen_idx').on(table.organizationId, table.lastSeenAt),
  ],
);

/**
 * What an agent must be told on its next tool call, whichever of its sessions makes it (e.g. a person
 * moved a task it holds). Kept in the database so a notice survives restarts and reaches a session served
 * by another process; each is delivered once and then deleted.
 */
export const agentNotice = pgTable(
  'agent_notice',
  {
    ...organizationOwned(),
    agentName: text('agent_name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_notice_agent_idx').on(table.organizationId, table.agentName)],
);

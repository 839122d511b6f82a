import { organization } from '@switchboard/auth/schema';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUTHOR_TYPES } from './work';

/**
 * One row per committed change, written in the same transaction as the change. Its sequence number is
 * also the id of the realtime event (SSE `id:`), so a reconnecting client resumes from the log.
 */
export const activity = pgTable(
  'activity',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    projectId: text('project_id'),
    actorType: text('actor_type', { enum: AUTHOR_TYPES }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    /** The domain event name, e.g. task.moved. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
    /** What a client needs to patch its cache without a refetch: new version, status, position … */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_organization_seq_idx').on(table.organizationId, table.seq),
    index('activity_project_seq_idx').on(table.projectId, table.seq),
  ],
);

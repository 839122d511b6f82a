import { ACTOR_TYPES } from '@switchboard/api-client/contract';
import { organization } from '@switchboard/auth/schema';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedBy } from './columns';

/**
 * One row per committed change, written in the same transaction as the change. Its position is also
 * the id of the realtime event (SSE `id:`), so a reconnecting client resumes from the log.
 */
export const activity = pgTable(
  'activity',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /**
     * The row's place in its organization's log: 1, 2, 3 … with no gaps, in commit order (taken from
     * activityPosition at the very end of the writing transaction). `seq` is allocated before commit,
     * so concurrent transactions can commit out of its order; readers follow `position` instead.
     */
    position: bigint('position', { mode: 'number' }).notNull(),
    organizationId: ownedBy('organization_id', () => organization.id),
    projectId: text('project_id'),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
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
    uniqueIndex('activity_organization_position_idx').on(table.organizationId, table.position),
    index('activity_project_position_idx').on(table.projectId, table.position),
  ],
);

/**
 * The last position handed out in each organization's activity log. A writing transaction bumps its
 * organization's row just before it commits and holds the row lock until then, so positions are
 * assigned in commit order; organizations never wait for each other.
 */
export const activityPosition = pgTable('activity_position', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  lastPosition: bigint('last_position', { mode: 'number' }).notNull(),
});

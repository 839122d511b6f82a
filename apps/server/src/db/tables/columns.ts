import { organization } from '@switchboard/auth/schema';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export function ownedBy(column: string, owner: () => AnyPgColumn) {
  return text(column).notNull().references(owner, { onDelete: 'cascade' });
}

/** The row's id and its organization, which takes the row with it when deleted. */
export function organizationOwned() {
  return {
    id: text('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organization.id),
  };
}

/**
 * A row people edit: its version (a stale write answers 409) and when it was made and last changed.
 * The domain writes both times from its change's clock (madeAt in domain/changes.ts); the database
 * default is only a safety net for a row written outside a change.
 */
export function versioned() {
  return {
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

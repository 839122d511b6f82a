import type { Database } from '../../db/client';
import type { notification } from '../../db/schema';

/** A notification just written, with what a mail about it needs. */
export interface CreatedNotification {
  row: typeof notification.$inferSelect;
  /** The key of the task it is about; null for an entry about a plan (its row carries the plan). */
  taskKey: string | null;
}

/**
 * Sends mail about notifications after their change committed. Built at start-up when a mail server is
 * configured; tests and installations without SMTP have none.
 */
export type NotificationMailer = (database: Database, created: CreatedNotification[]) => Promise<void>;

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { listNotifications, markAllRead, markRead, unreadCount } from '../domain/people/notifications';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * The caller's inbox. Reading and marking read are private bookkeeping, not changes to the
 * organisation's work, so they write no activity and send no event.
 */
export function notificationRoutes(db: Database) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.notifications.list, ({ query, c }) => listNotifications(db, c.var.acting, query))
    .on(endpoints.notifications.unreadCount, async ({ c }) => ({
      unread: await unreadCount(db, c.var.acting),
    }))
    .on(endpoints.notifications.readAll, async ({ c }) => ({ marked: await markAllRead(db, c.var.acting) }))
    .on(endpoints.notifications.read, ({ params, c }) => markRead(db, c.var.acting, params.notificationId))
    .app;
}

import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { listNotifications, markAllRead, markRead, unreadCount } from '../domain/people/notifications';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * The caller's inbox. Reading and marking read are private bookkeeping, not changes to the
 * organization's work, so they write no activity and send no event.
 */
export function notificationRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.notifications.list, ({ query, c }) => listNotifications(db, c.var.acting, query))
    .on(endpoints.notifications.unreadCount, async ({ c }) => ({
      unread: await unreadCount(db, c.var.acting),
    }))
    .on(endpoints.notifications.readAll, async ({ c }) => ({
      marked: await markAllRead(services, c.var.acting),
    }))
    .on(endpoints.notifications.read, ({ params, c }) =>
      markRead(services, c.var.acting, params.notificationId),
    ).app;
}

import {
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationSchema,
  readAllSchema,
  unreadCountSchema,
} from '../contract/notifications';
import { defineEndpoint } from './define';

/** The caller's own inbox (people only): nobody else's entries are ever listed or found. */
export const notifications = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    summary: 'Your inbox, newest first (unread only with ?unread=true)',
    tag: 'Inbox',
    query: listNotificationsQuerySchema,
    response: notificationPageSchema,
    errors: ['FORBIDDEN'],
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    summary: 'How many of your inbox entries are unread',
    tag: 'Inbox',
    response: unreadCountSchema,
    errors: ['FORBIDDEN'],
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/notifications/{notificationId}/read',
    summary: 'Mark one of your inbox entries read',
    tag: 'Inbox',
    response: notificationSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark every entry of your inbox read',
    tag: 'Inbox',
    response: readAllSchema,
    errors: ['FORBIDDEN'],
  }),
};

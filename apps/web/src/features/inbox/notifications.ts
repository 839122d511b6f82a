import type { TypedApi } from '@switchboard/api-client';
import type { Notification, NotificationPage, RealtimeEvent } from '@switchboard/api-client/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/**
 * The signed-in person's inbox. Notifications are private, so the organization's event stream never
 * carries them: the unread count is read again (debounced) when a change arrives that may have made
 * one, and the list when the inbox is open.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  list: (filter: InboxFilter) => ['notifications', 'list', filter] as const,
};

export type InboxFilter = 'unread' | 'all';
export const INBOX_FILTERS: readonly { value: InboxFilter; label: string }[] = [
  { value: 'unread', label: 'Unread' },
  { value: 'all', label: 'All' },
];

export function parseInboxFilter(value: unknown): InboxFilter | undefined {
  return value === 'unread' || value === 'all' ? value : undefined;
}

export const unreadCountQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => (await api.notifications.unreadCount({ signal })).unread,
    retry: retryUnlessClientError,
  });

const INBOX_PAGE_SIZE = 50;

export const inboxQueryOptions = (api: TypedApi, filter: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.notifications.list({
        query: {
          limit: INBOX_PAGE_SIZE,
          ...(filter === 'unread' ? { unread: 'true' as const } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NotificationPage) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** Every notification of the loaded pages, in their order. */
export function inboxItems(data: InfiniteData<NotificationPage, unknown>): Notification[] {
  return data.pages.flatMap((page) => page.items);
}

export function markNotificationRead(api: TypedApi, id: string): Promise<Notification> {
  return api.notifications.read({ notificationId: id });
}

export async function markAllNotificationsRead(api: TypedApi): Promise<number> {
  return (await api.notifications.readAll()).marked;
}

/** Puts a notification read in every loaded list, and counts it off the badge once. */
export function storeRead(queryClient: QueryClient, read: Notification): void {
  let wasUnread = false;
  queryClient.setQueriesData<InfiniteData<NotificationPage, string | undefined>>(
    { queryKey: [...notificationKeys.all, 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => {
            if (item.id !== read.id) return item;
            if (item.readAt === null) wasUnread = true;
            return read;
          }),
        })),
      },
  );
  if (wasUnread) {
    queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
      count === undefined ? count : Math.max(0, count - 1),
    );
  }
}

/** Changes after which someone in the organization may have a new notification. */
const MAY_NOTIFY: ReadonlySet<RealtimeEvent['action']> = new Set([
  'question.asked',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'task.updated',
  'task.moved',
]);

/** Several changes in a burst (an agent at work) cost one read of the count. */
export const INBOX_REFRESH_DELAY_MS = 400;

const pendingRefresh = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * Reads the unread count (and an open inbox) again shortly after a change that may have notified
 * the signed-in person; nothing about the notification itself travels on the shared stream.
 */
export function refreshInboxAfter(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!MAY_NOTIFY.has(event.action)) return;
  clearTimeout(pendingRefresh.get(queryClient));
  pendingRefresh.set(
    queryClient,
    setTimeout(() => {
      pendingRefresh.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }, INBOX_REFRESH_DELAY_MS),
  );
}

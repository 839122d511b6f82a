import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { unreadCountQueryOptions } from '../../lib/notifications';

/** The signed-in person's unread notifications; undefined until read, or when not wanted. */
export function useUnreadCount(wanted: boolean): number | undefined {
  const api = useApi();
  return useQuery({ ...unreadCountQueryOptions(api), enabled: wanted }).data;
}

/** The count beside Inbox in the sidebar; the link's label says it in words. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="inbox-unread"
      className="ml-auto min-w-5 rounded-full bg-accent px-1.5 text-center text-[11px] leading-5 font-semibold text-accent-foreground tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

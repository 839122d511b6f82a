import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { unreadCountQueryOptions } from './notifications';

/** The signed-in person's unread notifications; undefined until read, or when not wanted. */
export function useUnreadCount(wanted: boolean): number | undefined {
  const api = useApi();
  return useQuery({ ...unreadCountQueryOptions(api), enabled: wanted }).data;
}

/**
 * The count beside Inbox in the sidebar. The link is named by its text, so the number shown is part of
 * its name ("Inbox 3 unread"), with the word a screen reader needs kept out of sight.
 */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto">
      <span
        data-testid="inbox-unread"
        className="inline-block min-w-5 rounded-full bg-accent px-1.5 text-center text-[11px] leading-5 font-semibold text-accent-foreground tabular-nums"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only"> unread</span>
    </span>
  );
}

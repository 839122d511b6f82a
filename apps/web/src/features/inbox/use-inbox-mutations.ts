import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { markAllNotificationsRead, markNotificationRead, notificationKeys, storeRead } from './notifications';

/** Marks one notification read: at once in every list and on the badge. */
export function useMarkRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(api, id),
    onSuccess: (read) => storeRead(queryClient, read),
  });
}

export function useMarkAllRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(api),
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.unreadCount(), 0);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (failure) =>
      toast.error('Could not mark everything read', { description: describeError(failure) }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { statusOf } from '../../lib/error-messages';
import { sessionQueryKey } from '../../lib/session';

/**
 * A 401 from any query or mutation means the session may be gone (revoked from another device,
 * expired): the session is asked for again, and when it is gone the dashboard shell sends the person
 * to /auth. One check at a time, however many calls failed together.
 */
export function useSignedOutRedirect(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let checking = false;
    const check = (error: unknown) => {
      if (statusOf(error) !== 401 || checking) return;
      checking = true;
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' }).finally(() => {
        checking = false;
      });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { RouterContext } from '../router-context';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in session (GET /api/v1/auth/get-session), or null. A failed session check is
 * treated as no session, so this query never errors and never retries.
 */
export const sessionQueryOptions = (authClient: AuthClient) =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async (): Promise<AuthSession | null> => {
      try {
        const { data, error } = await authClient.getSession();
        return error ? null : (data ?? null);
      } catch {
        return null;
      }
    },
    retry: false,
  });

/** Asks the server again (after sign-in, sign-up or sign-out) and waits for the answer. */
export function refreshSession(
  queryClient: QueryClient,
  authClient: AuthClient,
): Promise<AuthSession | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(authClient), staleTime: 0 });
}

export interface SessionClients {
  queryClient: QueryClient;
  authClient: AuthClient;
}

/**
 * The two clients every signed-in area needs. They are loaded on first use, so public pages never
 * download them; a route's beforeLoad returns them to put them in its subtree's context.
 */
export async function loadSessionClients(
  context: Pick<RouterContext, 'getQueryClient' | 'getAuthClient'>,
): Promise<SessionClients> {
  const [queryClient, authClient] = await Promise.all([context.getQueryClient(), context.getAuthClient()]);
  return { queryClient, authClient };
}

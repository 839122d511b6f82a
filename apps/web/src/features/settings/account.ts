import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { queryOptions } from '@tanstack/react-query';
import { USER_SESSIONS_KEY, unwrap } from '../../lib/auth-call';

export const accountKeys = {
  /** The signed-in user's sessions; they change with the session, so they sit under its key. */
  sessions: USER_SESSIONS_KEY,
  accounts: ['auth', 'accounts'] as const,
};

export type UserSession = AuthSession['session'];

/** Every session of the signed-in user (GET list-sessions), most recently active first. */
export const userSessionsQueryOptions = (authClient: AuthClient) =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async (): Promise<UserSession[]> =>
      sortSessions((await unwrap(authClient.listSessions())) ?? []),
    staleTime: 0,
  });

/** How the user signs in (GET list-accounts): 'credential' is email and password, else a provider id. */
export const linkedAccountsQueryOptions = (authClient: AuthClient) =>
  queryOptions({
    queryKey: accountKeys.accounts,
    queryFn: async (): Promise<string[]> =>
      ((await unwrap(authClient.listAccounts())) ?? []).map((account) => account.providerId),
  });

export function sortSessions<T extends { updatedAt: Date | string }>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
}

/** Whether deleting the account asks for a password: only accounts that have one. */
export function hasPassword(providerIds: readonly string[]): boolean {
  return providerIds.includes('credential');
}

/** Whether the user has two-factor sign-in on (a field the two-factor plugin adds to users). */
export function twoFactorEnabledOf(user: object): boolean {
  return 'twoFactorEnabled' in user && user.twoFactorEnabled === true;
}

/** The secret of an authenticator app's `otpauth://` URI, in groups of four for typing by hand. */
export function readableSecretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

import type { QueryClient } from '@tanstack/react-query';
import { SESSION_REFETCH_DELAY_MS } from './constants';
import { organizationKeys } from './organization-keys';
import { sessionQueryKey } from './session';

/** The shape better-auth's client hands back in `{ error }`. */
export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  /** With a 429 from our auth routes: how long to wait, as the body carries it beside Retry-After. */
  retryAfterSeconds?: number | undefined;
}

/** A better-auth call that answered with an error: its HTTP status and registry code travel with it. */
export class AuthCallError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(error: AuthErrorLike & { statusText?: string | undefined }) {
    super(error.message || error.statusText || 'Request failed');
    this.name = 'AuthCallError';
    this.status = error.status;
    this.code = error.code;
    this.retryAfterSeconds = error.retryAfterSeconds;
  }
}

/** better-auth's client answers `{ data, error }`; this turns an error into a thrown AuthCallError. */
export async function unwrap<T>(
  call: Promise<{ data: T; error: null } | { data: null; error: AuthErrorLike }>,
): Promise<T> {
  const result = await call;
  if (result.error) throw new AuthCallError(result.error);
  return result.data as T;
}

export type AuthCallEffect = 'session' | 'organization-list' | 'active-organization';

const SESSION_PATHS = new Set([
  '/sign-out',
  '/update-user',
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/social',
  '/delete-user',
  '/verify-email',
  '/revoke-sessions',
  '/revoke-session',
  '/revoke-other-sessions',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
]);
const ORGANIZATION_LIST_PATHS = new Set([
  '/organization/create',
  '/organization/delete',
  '/organization/update',
  // Accepting or leaving changes which organizations the user is in.
  '/organization/accept-invitation',
  '/organization/leave',
]);

/**
 * What a successful auth call makes stale: the session after sign-out, update-user, sign-in,
 * sign-up, delete-user and verify-email (and the session revocations); the organization list after
 * create, delete and update; the active organization after any organization call.
 */
export function authCallEffects(path: string): AuthCallEffect[] {
  const effects: AuthCallEffect[] = [];
  if (SESSION_PATHS.has(path) || path === '/organization/set-active') effects.push('session');
  if (ORGANIZATION_LIST_PATHS.has(path)) effects.push('organization-list');
  if (path.startsWith('/organization/')) effects.push('active-organization');
  return effects;
}

/** The account page's list of the user's sessions (features/settings/account.ts). */
export const USER_SESSIONS_KEY = ['auth', 'sessions'] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes what `path` changed, through the same query keys the screens read. The session is asked
 * for again SESSION_REFETCH_DELAY_MS later, so the answer reflects the cookie the call set;
 * `refetchType: 'all'` refreshes it even when no screen is watching, so the next route guard sees it.
 */
export async function afterAuthCall(queryClient: QueryClient, path: string): Promise<void> {
  const effects = authCallEffects(path);
  const work: Promise<unknown>[] = [];
  if (effects.includes('organization-list'))
    work.push(queryClient.invalidateQueries({ queryKey: organizationKeys.list }));
  if (effects.includes('active-organization'))
    work.push(queryClient.invalidateQueries({ queryKey: organizationKeys.scope }));
  if (effects.includes('session'))
    work.push(
      wait(SESSION_REFETCH_DELAY_MS).then(() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' }),
          // The list of the user's sessions on the account page, when it is on screen.
          queryClient.invalidateQueries({ queryKey: USER_SESSIONS_KEY }),
        ]),
      ),
    );
  await Promise.all(work);
}

import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthCallError, afterAuthCall, authCallEffects, unwrap } from './auth-call';
import { SESSION_REFETCH_DELAY_MS } from './constants';
import { sessionQueryKey } from './session';

describe('authCallEffects (which cached data an auth call makes stale)', () => {
  it.each(['/sign-out', '/update-user', '/sign-in/email', '/sign-up/email', '/delete-user', '/verify-email'])(
    'refreshes the session after %s',
    (path) => {
      expect(authCallEffects(path)).toEqual(['session']);
    },
  );

  it.each(['/organization/create', '/organization/delete', '/organization/update'])(
    'refreshes the organization list and the active organization after %s',
    (path) => {
      expect(authCallEffects(path)).toEqual(['organization-list', 'active-organization']);
    },
  );

  it('refreshes the active organization after any organization call', () => {
    for (const path of [
      '/organization/invite-member',
      '/organization/update-member-role',
      '/organization/create-team',
    ])
      expect(authCallEffects(path)).toEqual(['active-organization']);
  });

  it('refreshes the session too when the active organization changes', () => {
    expect(authCallEffects('/organization/set-active')).toEqual(['session', 'active-organization']);
  });

  it('refreshes nothing after a call that changes nothing', () => {
    expect(authCallEffects('/get-session')).toEqual([]);
    expect(authCallEffects('/list-sessions')).toEqual([]);
  });
});

describe('afterAuthCall', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`refetches the session ${SESSION_REFETCH_DELAY_MS} ms after the call, not before`, async () => {
    expect(SESSION_REFETCH_DELAY_MS).toBe(10);
    const queryClient = new QueryClient();
    const queryFn = vi.fn(async () => ({ user: { name: 'Ada' } }));
    await queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);

    const done = afterAuthCall(queryClient, '/update-user');
    await vi.advanceTimersByTimeAsync(SESSION_REFETCH_DELAY_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    // Refetched although nothing on screen watches it, so the next route guard sees the fresh session.
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('marks the organization list and everything organization-scoped stale', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['organizations'], []);
    queryClient.setQueryData(['organization', 'org-1', 'full'], { id: 'org-1' });
    queryClient.setQueryData(['projects'], []);
    await afterAuthCall(queryClient, '/organization/update');
    expect(queryClient.getQueryState(['organizations'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['organization', 'org-1', 'full'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['projects'])?.isInvalidated).toBe(false);
  });
});

describe('unwrap', () => {
  it('hands back the data of a successful call', async () => {
    await expect(unwrap(Promise.resolve({ data: { id: 1 }, error: null }))).resolves.toEqual({ id: 1 });
  });

  it('throws an AuthCallError carrying status and code', async () => {
    const error = await unwrap(
      Promise.resolve({ data: null, error: { status: 403, code: 'NOPE', message: 'No.' } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthCallError);
    expect(error).toMatchObject({ status: 403, code: 'NOPE', message: 'No.' });
  });
});

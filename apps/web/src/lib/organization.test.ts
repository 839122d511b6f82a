import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AuthCallError } from './auth-call';
import {
  chooseActiveOrganization,
  classifyInvitationError,
  ensureActiveOrganization,
  groupByTeam,
  invitationLink,
  isOrganizationIndependent,
  organizationListQueryOptions,
  pageAfterSwitch,
  pendingInvitations,
  retryUnlessRefused,
  setActiveOrganization,
  switchOrganization,
} from './organization';
import { sessionQueryKey } from './session';

function sessionWith(activeOrganizationId: string | null): AuthSession {
  return {
    session: { id: 's1', token: 't1', userId: 'u1', activeOrganizationId },
    user: { id: 'u1', name: 'Ada', email: 'ada@example.test' },
  } as unknown as AuthSession;
}

const acme = { id: 'org-acme', slug: 'acme', name: 'Acme' };
const globex = { id: 'org-globex', slug: 'globex', name: 'Globex' };

interface FakeOptions {
  list?: () => Promise<unknown>;
  setActive?: (body: unknown) => Promise<unknown>;
  getSession?: () => Promise<unknown>;
}

function fakeAuthClient(options: FakeOptions) {
  const list = vi.fn(options.list ?? (async () => ({ data: [acme, globex], error: null })));
  const setActive = vi.fn(options.setActive ?? (async () => ({ data: acme, error: null })));
  const getSession = vi.fn(options.getSession ?? (async () => ({ data: sessionWith(acme.id), error: null })));
  const client = { organization: { list, setActive }, getSession } as unknown as AuthClient;
  return { client, list, setActive, getSession };
}

describe('chooseActiveOrganization (a session always works in one organization)', () => {
  it('picks the first organization, with its id and slug, when none is active', () => {
    expect(chooseActiveOrganization(sessionWith(null), [acme, globex])).toEqual({
      organizationId: 'org-acme',
      organizationSlug: 'acme',
    });
  });

  it('changes nothing when an organization is already active', () => {
    expect(chooseActiveOrganization(sessionWith('org-globex'), [acme, globex])).toBeNull();
  });

  it('has nothing to pick without organizations or without a session', () => {
    expect(chooseActiveOrganization(sessionWith(null), [])).toBeNull();
    expect(chooseActiveOrganization(null, [acme])).toBeNull();
  });
});

describe('ensureActiveOrganization', () => {
  it('makes the first organization active and reads the session again', async () => {
    const queryClient = new QueryClient();
    const fake = fakeAuthClient({});
    const result = await ensureActiveOrganization(
      { queryClient, authClient: fake.client },
      sessionWith(null),
    );
    expect(fake.setActive).toHaveBeenCalledWith({ organizationId: 'org-acme', organizationSlug: 'acme' });
    expect(fake.getSession).toHaveBeenCalledOnce();
    expect(result.session.activeOrganizationId).toBe('org-acme');
    expect(queryClient.getQueryData<AuthSession>(sessionQueryKey)?.session.activeOrganizationId).toBe(
      'org-acme',
    );
  });

  it('does nothing when the session already has an active organization', async () => {
    const fake = fakeAuthClient({});
    const session = sessionWith('org-globex');
    await expect(
      ensureActiveOrganization({ queryClient: new QueryClient(), authClient: fake.client }, session),
    ).resolves.toBe(session);
    expect(fake.list).not.toHaveBeenCalled();
  });

  it('ignores a failed list silently: no list means nothing to choose from', async () => {
    const fake = fakeAuthClient({ list: async () => ({ data: null, error: { status: 500 } }) });
    const session = sessionWith(null);
    await expect(
      ensureActiveOrganization({ queryClient: new QueryClient(), authClient: fake.client }, session),
    ).resolves.toBe(session);
    expect(fake.setActive).not.toHaveBeenCalled();
  });

  it('ignores a failed or throwing set-active silently: the session stays as it was', async () => {
    for (const setActive of [
      async () => ({ data: null, error: { status: 403, code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION' } }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      const fake = fakeAuthClient({ setActive });
      const session = sessionWith(null);
      await expect(
        ensureActiveOrganization({ queryClient: new QueryClient(), authClient: fake.client }, session),
      ).resolves.toBe(session);
      expect(fake.getSession).not.toHaveBeenCalled();
    }
  });
});

describe('setActiveOrganization', () => {
  it('yields null for any failure', async () => {
    const failing = fakeAuthClient({ setActive: async () => ({ data: null, error: { status: 400 } }) });
    await expect(
      setActiveOrganization(failing.client, { organizationId: 'x', organizationSlug: 'x' }),
    ).resolves.toBeNull();
    const throwing = fakeAuthClient({ setActive: () => Promise.reject(new Error('offline')) });
    await expect(
      setActiveOrganization(throwing.client, { organizationId: 'x', organizationSlug: 'x' }),
    ).resolves.toBeNull();
  });
});

describe('organizationListQueryOptions', () => {
  it('answers an empty list when the call fails or throws, so menus render instead of an error', async () => {
    for (const list of [
      async () => ({ data: null, error: { status: 500 } }),
      () => Promise.reject(new Error('offline')),
      async () => ({ data: { unexpected: true }, error: null }),
    ]) {
      const fake = fakeAuthClient({ list });
      await expect(new QueryClient().fetchQuery(organizationListQueryOptions(fake.client))).resolves.toEqual(
        [],
      );
    }
  });

  it('answers the organizations otherwise', async () => {
    const fake = fakeAuthClient({});
    await expect(new QueryClient().fetchQuery(organizationListQueryOptions(fake.client))).resolves.toEqual([
      acme,
      globex,
    ]);
  });
});

describe('helpers', () => {
  it('keeps only config, the session and the organization list when the organization changes', () => {
    expect(isOrganizationIndependent(['config'])).toBe(true);
    expect(isOrganizationIndependent(['auth', 'session'])).toBe(true);
    expect(isOrganizationIndependent(['organizations'])).toBe(true);
    expect(isOrganizationIndependent(['organization', 'org-acme', 'full'])).toBe(false);
    expect(isOrganizationIndependent(['projects', 'list'])).toBe(false);
  });

  it('groups who is in which team', () => {
    expect(
      groupByTeam([
        { userId: 'u1', teamIds: ['t1', 't2'] },
        { userId: 'u2', teamIds: ['t2'] },
        { userId: 'u3', teamIds: [] },
      ]),
    ).toEqual({ t1: ['u1'], t2: ['u1', 'u2'] });
  });

  it('builds the invitation link the server mails', () => {
    expect(invitationLink('http://127.0.0.1:3000', 'abc-123')).toBe(
      'http://127.0.0.1:3000/dashboard/invitations/abc-123',
    );
    expect(invitationLink('https://app.example.com/', 'a/b')).toBe(
      'https://app.example.com/dashboard/invitations/a%2Fb',
    );
  });

  it('lists pending invitations only', () => {
    const invitations = [
      { id: '1', status: 'pending', expiresAt: new Date('2030-01-01') },
      { id: '2', status: 'accepted', expiresAt: new Date('2030-01-01') },
      { id: '3', status: 'canceled', expiresAt: new Date('2030-01-01') },
      { id: '4', status: 'pending', expiresAt: new Date('2030-02-01') },
    ] as const;
    expect(pendingInvitations(invitations).map((invitation) => invitation.id)).toEqual(['4', '1']);
  });

  it('does not retry refusals or missing things, but retries failures of the server', () => {
    expect(retryUnlessRefused(0, new AuthCallError({ status: 403 }))).toBe(false);
    expect(retryUnlessRefused(0, new AuthCallError({ status: 404 }))).toBe(false);
    expect(retryUnlessRefused(0, new AuthCallError({ status: 502 }))).toBe(true);
    expect(retryUnlessRefused(3, new Error('offline'))).toBe(false);
  });
});

describe('classifyInvitationError', () => {
  it('treats unknown, expired, foreign and already answered invitations alike', () => {
    for (const status of [400, 403, 404])
      expect(classifyInvitationError(new AuthCallError({ status }))).toEqual({ state: 'unavailable' });
  });

  it('asks for a verified email address when the server wants one', () => {
    expect(
      classifyInvitationError(
        new AuthCallError({ status: 403, code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION' }),
      ),
    ).toEqual({ state: 'verify-email' });
  });

  it('rethrows anything else', () => {
    const error = new AuthCallError({ status: 500 });
    expect(() => classifyInvitationError(error)).toThrow(error);
    expect(() => classifyInvitationError(new TypeError('offline'))).toThrow('offline');
  });
});

describe('switchOrganization', () => {
  it("drops the previous organization's cached answers instead of keeping them until a refetch", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['projects', 'list'], [{ id: 'old-project' }]);
    queryClient.setQueryData(['activity', {}], { pages: [] });
    queryClient.setQueryData(['config'], { brandName: 'Switchboard' });
    const authClient = {
      organization: { setActive: vi.fn(async () => ({ data: {}, error: null })) },
      getSession: vi.fn(async () => ({ data: null, error: null })),
    } as unknown as AuthClient;
    await switchOrganization({ queryClient, authClient }, { organizationId: 'o2', organizationSlug: 'o2' });
    expect(queryClient.getQueryData(['projects', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['activity', {}])).toBeUndefined();
    expect(queryClient.getQueryData(['config'])).toEqual({ brandName: 'Switchboard' });
  });
});

describe('pageAfterSwitch', () => {
  it("leaves a project's pages for the project list, and stays anywhere else", () => {
    expect(pageAfterSwitch('/dashboard/projects/p1')).toBe('/dashboard/projects');
    expect(pageAfterSwitch('/dashboard/projects/p1/tasks/SWB-1')).toBe('/dashboard/projects');
    expect(pageAfterSwitch('/dashboard/projects')).toBeUndefined();
    expect(pageAfterSwitch('/dashboard/settings/organization')).toBeUndefined();
  });
});

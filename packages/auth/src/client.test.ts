import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client';

describe('createAuthClient', () => {
  it('refuses a base URL that is not a URL', () => {
    expect(() => createAuthClient({ baseURL: 'not a url' })).toThrow('Invalid base URL');
  });

  it('builds a client with the sign-in, sign-up and session calls', () => {
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:3000' });
    expect(typeof client.signIn.email).toBe('function');
    expect(typeof client.signIn.social).toBe('function');
    expect(typeof client.signUp.email).toBe('function');
    expect(typeof client.getSession).toBe('function');
    expect(typeof client.signOut).toBe('function');
  });

  it('has the organisation calls, with the roles the server enforces', () => {
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:3000' });
    expect(typeof client.organization.setActive).toBe('function');
    expect(typeof client.organization.getFullOrganization).toBe('function');
    expect(typeof client.organization.inviteMember).toBe('function');
    expect(typeof client.organization.createTeam).toBe('function');
    expect(
      client.organization.checkRolePermission({ role: 'admin', permissions: { organization: ['delete'] } }),
    ).toBe(false);
    expect(
      client.organization.checkRolePermission({ role: 'owner', permissions: { organization: ['delete'] } }),
    ).toBe(true);
  });
});

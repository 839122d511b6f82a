import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client';

/** A fetch that records what the client asks for and answers with `body`. */
function recordingFetch(body: unknown = null) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    requests.push({ url: request.url, method: request.method, body: text ? JSON.parse(text) : undefined });
    return Response.json(body);
  };
  return { fetch, requests };
}

describe('createAuthClient', () => {
  it('refuses a base URL that is not a URL', () => {
    expect(() => createAuthClient({ baseURL: 'not a url' })).toThrow('Invalid base URL');
  });

  it('calls better-auth under /api/v1/auth on the origin, whatever path the base URL has', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createAuthClient({ baseURL: 'https://switchboard.example.com/some/page?x=1', fetch });
    await client.getSession();
    expect(requests[0]).toMatchObject({
      url: 'https://switchboard.example.com/api/v1/auth/get-session',
      method: 'GET',
    });
  });

  it('signs in by email with a POST carrying the credentials', async () => {
    const { fetch, requests } = recordingFetch({ user: null });
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:3000', fetch });
    await client.signIn.email({ email: 'ada@example.com', password: 'correct horse' });
    expect(requests[0]).toMatchObject({
      url: 'http://127.0.0.1:3000/api/v1/auth/sign-in/email',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'correct horse' },
    });
  });

  it('reaches the organization and API key endpoints of the server plugins', async () => {
    const { fetch, requests } = recordingFetch({});
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:3000', fetch });
    await client.organization.setActive({ organizationId: 'org-1' });
    await client.apiKey.create({ name: 'ci' });
    expect(requests.map(({ url, method }) => `${method} ${new URL(url).pathname}`)).toEqual([
      'POST /api/v1/auth/organization/set-active',
      'POST /api/v1/auth/api-key/create',
    ]);
    expect(requests[0]?.body).toEqual({ organizationId: 'org-1' });
  });

  it('knows the roles the server enforces: only an owner may delete the organization', () => {
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:3000' });
    const mayDelete = (role: 'owner' | 'admin' | 'member') =>
      client.organization.checkRolePermission({ role, permissions: { organization: ['delete'] } });
    expect([mayDelete('owner'), mayDelete('admin'), mayDelete('member')]).toEqual([true, false, false]);
  });
});

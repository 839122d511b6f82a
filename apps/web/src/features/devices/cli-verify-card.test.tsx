import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInDashboard } from '../../testing/render-in-dashboard';
import { CliVerifyCard } from './cli-verify-card';

afterEach(cleanup);

type Answer = { data: unknown; error: unknown };

/** An auth client whose $fetch answers from a table, recording calls. */
function fakeAuthClient(answers: Record<string, Answer>) {
  const calls: Array<{ path: string; options: unknown }> = [];
  const client = {
    $fetch: vi.fn(async (path: string, options: unknown) => {
      calls.push({ path, options });
      return answers[path] ?? { data: null, error: { status: 500 } };
    }),
    organization: {
      list: async () => ({ data: [{ id: 'org-1', name: 'Acme', slug: 'acme' }], error: null }),
    },
  };
  return { client: client as unknown as AuthClient, calls };
}

const session = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
  session: { id: 's1', activeOrganizationId: 'org-1', token: 't' },
} as unknown as AuthSession;

const pending = {
  data: {
    user_code: 'BCDFGHJK',
    status: 'pending',
    client_id: 'switchboard-cli',
    device_name: 'build-box',
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  },
  error: null,
};

function show(client: AuthClient, code = 'bcdf-ghjk') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInDashboard(<CliVerifyCard code={code} session={session} authClient={client} />, {
    queryClient,
  });
}

describe('CliVerifyCard', () => {
  it('shows the code, the client and device, the account and organization, and the warning; Approve approves', async () => {
    const { client, calls } = fakeAuthClient({
      '/device': pending,
      '/device/approve': { data: { success: true }, error: null },
    });
    show(client);
    expect((await screen.findAllByText('build-box')).length).toBeGreaterThan(0);
    screen.getByText('BCDF-GHJK');
    expect(screen.getAllByText(/Switchboard CLI/).length).toBeGreaterThan(0);
    screen.getByText('ada@example.com');
    await screen.findByText('Acme');
    screen.getByText(/Approving gives this terminal access to your account in Acme/);
    expect(calls[0]).toEqual({
      path: '/device',
      options: { method: 'GET', query: { user_code: 'BCDF-GHJK' } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Sign-in approved');
    expect(calls.at(-1)).toEqual({
      path: '/device/approve',
      options: { method: 'POST', body: { userCode: 'BCDF-GHJK' } },
    });
  });

  it('Deny denies and says nothing was signed in', async () => {
    const { client } = fakeAuthClient({
      '/device': pending,
      '/device/deny': { data: { success: true }, error: null },
    });
    show(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await screen.findByText('Sign-in denied');
    screen.getByText(/Nothing was signed in/);
  });

  it.each([
    [{ status: 400, error: 'invalid_request' }, 'This code is not valid'],
    [{ status: 400, error: 'expired_token' }, 'This code has expired'],
    [{ status: 429, message: 'Too many wrong codes. Try again in 15 minutes.' }, 'Too many wrong codes'],
  ])('shows a clear state for %o', async (error, title) => {
    const { client } = fakeAuthClient({ '/device': { data: null, error } });
    show(client);
    await screen.findByText(title);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers to type the code again after a wrong one', async () => {
    const { client } = fakeAuthClient({
      '/device': { data: null, error: { status: 400, error: 'invalid_request' } },
    });
    show(client);
    const again = await screen.findByRole('link', { name: 'Type the code again' });
    expect(again.getAttribute('href')).toBe('/auth/cli-verify');
  });

  it('treats a code claimed by another account as invalid, and an expiry during approval as expired', async () => {
    const other = fakeAuthClient({
      '/device': { data: { user_code: 'BCDFGHJK', status: 'pending' }, error: null },
    });
    show(other.client);
    await screen.findByText('This code is not valid');
    cleanup();
    const late = fakeAuthClient({
      '/device': pending,
      '/device/approve': { data: null, error: { status: 400, error: 'expired_token' } },
    });
    show(late.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByText('This code has expired');
  });
});

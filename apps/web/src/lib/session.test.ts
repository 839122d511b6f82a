import { createAuthClient } from '@switchboard/auth/client';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../router';
import { createQueryClient } from './query-client';
import { loadSessionClients } from './session';

const config = {
  apiUrl: 'http://127.0.0.1:3000',
  appUrl: 'http://127.0.0.1:3000',
  brandName: 'Switchboard',
  enableEmailSignin: true,
  enableGithubSignin: false,
  googleClientId: '',
  turnstileSiteKey: 'test',
};

describe('loadSessionClients', () => {
  it('loads the query and auth clients on first use, once', async () => {
    const loadQueryClient = vi.fn(async () => createQueryClient());
    const loadAuthClient = vi.fn(async () => createAuthClient({ baseURL: config.apiUrl }));
    const router = createAppRouter({ config, loadQueryClient, loadAuthClient });
    expect(loadQueryClient).not.toHaveBeenCalled();
    expect(loadAuthClient).not.toHaveBeenCalled();

    const first = await loadSessionClients(router.options.context);
    const second = await loadSessionClients(router.options.context);
    expect(second.queryClient).toBe(first.queryClient);
    expect(second.authClient).toBe(first.authClient);
    expect(loadQueryClient).toHaveBeenCalledTimes(1);
    expect(loadAuthClient).toHaveBeenCalledTimes(1);
  });

  it('hands out clients that were made up front as they are', async () => {
    const queryClient = createQueryClient();
    const authClient = createAuthClient({ baseURL: config.apiUrl });
    const router = createAppRouter({ config, queryClient, authClient });
    const clients = await loadSessionClients(router.options.context);
    expect(clients.queryClient).toBe(queryClient);
    expect(clients.authClient).toBe(authClient);
  });
});

import { createAuthClient } from '@switchboard/auth/client';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

describe('createAppRouter', () => {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    authClient: createAuthClient({ baseURL: 'http://127.0.0.1:3000' }),
    config: {
      apiUrl: 'http://127.0.0.1:3000',
      appUrl: 'http://127.0.0.1:3000',
      brandName: 'Switchboard',
      enableEmailSignin: true,
      enableGithubSignin: false,
      googleClientId: '',
      turnstileSiteKey: 'test',
    },
  });

  it('uses the router timings: preload on intent, pending after 1 s, 5 min cache', () => {
    expect(router.options).toMatchObject({
      defaultPreload: 'intent',
      defaultPreloadDelay: 50,
      defaultPendingMs: 1_000,
      defaultPendingMinMs: 500,
      defaultGcTime: 300_000,
      defaultPreloadGcTime: 300_000,
      defaultPreloadStaleTime: 30_000,
      scrollRestoration: true,
    });
  });

  it('knows every dashboard route', () => {
    const paths = Object.keys(router.routesByPath);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth',
        '/auth/cli-verify',
        '/oauth/callback',
        '/route',
        '/dashboard',
        '/dashboard/active-sessions',
        '/dashboard/projects',
        '/dashboard/projects/$projectId',
        '/dashboard/projects/$projectId/tasks/$taskKey',
        '/dashboard/settings',
        '/dashboard/settings/organization',
        '/dashboard/settings/organization/ai-agents',
        '/dashboard/settings/developer/api-keys',
        '/dashboard/settings/developer/connected-devices',
        '/dashboard/settings/billing/success',
        '/dashboard/settings/billing/subscription',
        '/dashboard/settings/billing/payment',
        '/dashboard/settings/billing/invoices',
      ]),
    );
  });
});

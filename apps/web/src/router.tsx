import type { PublicConfig } from '@switchboard/api-client/contract';
import type { AuthClient } from '@switchboard/auth/client';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorView } from './components/error-view';
import { NotFound } from './components/not-found';
import { Pending } from './components/pending';
import {
  ROUTER_CACHE_MS,
  ROUTER_PENDING_MIN_MS,
  ROUTER_PENDING_MS,
  ROUTER_PRELOAD_DELAY_MS,
  ROUTER_PRELOAD_STALE_MS,
} from './lib/constants';
import { once } from './lib/once';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';

/**
 * createAppRouter's input: each client either made already (tests, the prerenderer) or loaded on
 * first use (the browser app, which keeps both out of the entry chunk).
 */
export type AppRouterOptions = { config: PublicConfig } & (
  | { queryClient: QueryClient }
  | { loadQueryClient: () => Promise<QueryClient> }
) &
  ({ authClient: AuthClient } | { loadAuthClient: () => Promise<AuthClient> });

export function createAppRouter(options: AppRouterOptions) {
  const context: RouterContext = {
    config: options.config,
    getQueryClient:
      'queryClient' in options ? () => Promise.resolve(options.queryClient) : once(options.loadQueryClient),
    getAuthClient:
      'authClient' in options ? () => Promise.resolve(options.authClient) : once(options.loadAuthClient),
  };
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER_PRELOAD_DELAY_MS,
    defaultPendingMs: ROUTER_PENDING_MS,
    defaultPendingMinMs: ROUTER_PENDING_MIN_MS,
    defaultGcTime: ROUTER_CACHE_MS,
    defaultPreloadGcTime: ROUTER_CACHE_MS,
    defaultPreloadStaleTime: ROUTER_PRELOAD_STALE_MS,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: Pending,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

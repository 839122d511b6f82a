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
import { routeTree } from './routeTree.gen';

/** What every route's beforeLoad/loader receives. Built once at boot in main.tsx. */
export interface RouterContext {
  queryClient: QueryClient;
  /** GET /api/v1/config, validated; fixed for the page's lifetime. */
  config: PublicConfig;
  authClient: AuthClient;
}

export function createAppRouter(context: RouterContext) {
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

import type { PublicConfig } from '@switchboard/api-client/contract';
import type { AuthClient } from '@switchboard/auth/client';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What every route's beforeLoad/loader receives. Built once at boot in main.tsx.
 *
 * React Query and better-auth's client are not part of the public pages' JavaScript (the home page
 * stays under 100 kB gzip): a route that needs them asks for them in its beforeLoad and hands them
 * to its subtree by returning them, e.g. `return { ...(await loadSessionClients(context)), session }`
 * (lib/session.ts), and wraps its component in a QueryClientProvider (see routes/dashboard.tsx).
 *
 * It lives apart from router.tsx because routes import it while the router imports the routes.
 */
export interface RouterContext {
  /** GET /api/v1/config, validated; fixed for the page's lifetime. */
  config: PublicConfig;
  /** The app's one QueryClient, made on first call; every call gives the same client. */
  getQueryClient: () => Promise<QueryClient>;
  /** The app's one better-auth client, made on first call; every call gives the same client. */
  getAuthClient: () => Promise<AuthClient>;
}

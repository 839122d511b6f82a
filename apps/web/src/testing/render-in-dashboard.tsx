import type { PublicConfig } from '@switchboard/api-client/contract';
import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import './dialog-polyfill';

export const TEST_CONFIG: PublicConfig = {
  apiUrl: 'http://app.test',
  appUrl: 'http://app.test',
  brandName: 'Switchboard',
  enableGithubSignin: false,
  enableEmailSignin: true,
  googleClientId: '',
  turnstileSiteKey: '',
};

export const TEST_SESSION = {
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.test' },
  session: { id: 's1', activeOrganizationId: 'o1' },
} as unknown as AuthSession;

/** One JSON answer per call of the fake fetch, in order; the last one repeats. */
export type FakeAnswer = { status: number; body: unknown };

/**
 * Replaces fetch for the REST API with answers given in order, and records the calls (method, path,
 * parsed body) and their whole addresses (`urls`, for a query). Restored by `vi.unstubAllGlobals()`.
 */
export function fakeApi(...answers: FakeAnswer[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const urls: URL[] = [];
  const pending: (() => void)[] = [];
  let held = false;
  let script = answers;
  let scriptFrom = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    urls.push(url);
    if (held) await new Promise<void>((resolve) => pending.push(resolve));
    const answer = script[Math.min(calls.length - 1 - scriptFrom, script.length - 1)] ?? {
      status: 200,
      body: {},
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    urls,
    /** Answers the calls from now on with these instead, in order (the server's state changed). */
    answerFromNow(...next: FakeAnswer[]) {
      script = next;
      scriptFrom = calls.length;
    },
    /** Keeps every answer waiting until `release` (a slow server). */
    hold() {
      held = true;
    },
    release() {
      held = false;
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

export function testQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  queryClient.setQueryData(sessionQueryKey, TEST_SESSION);
  return queryClient;
}

/**
 * Renders `ui` as a page under /dashboard, with the context the dashboard's components read (config,
 * query client, auth client, session). Nothing calls better-auth unless the test fills `authClient`.
 */
export function renderInDashboard(
  ui: ReactNode,
  {
    queryClient = testQueryClient(),
    authClient = {} as AuthClient,
  }: { queryClient?: QueryClient; authClient?: AuthClient } = {},
) {
  const rootRoute = createRootRoute();
  const dashboard = createRoute({
    getParentRoute: () => rootRoute,
    path: 'dashboard',
    beforeLoad: () => ({ queryClient, authClient, session: TEST_SESSION, config: TEST_CONFIG }),
    component: () => <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([dashboard]),
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
    context: { config: TEST_CONFIG },
  });
  return { queryClient, router, ...render(<RouterProvider router={router} />) };
}

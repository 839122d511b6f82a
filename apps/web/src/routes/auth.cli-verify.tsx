import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { CliVerifyCard } from '../components/devices/cli-verify-card';
import { Logo } from '../components/logo';
import { requiredSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';
import { loadSessionClients, sessionQueryOptions } from '../lib/session';

/** Confirms a command-line login; `code` is required; signed out goes to /auth and back. */
export const Route = createFileRoute('/auth/cli-verify')({
  validateSearch: (search: Record<string, unknown>) => ({ code: requiredSearchParam(search.code, 'code') }),
  beforeLoad: async ({ context, location }) => {
    const { queryClient, authClient } = await loadSessionClients(context);
    const session = await queryClient.ensureQueryData(sessionQueryOptions(authClient));
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session, queryClient, authClient };
  },
  head: ({ match }) => ({
    meta: [
      ...pageHead(match.context.config, 'Confirm CLI sign-in').meta,
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  component: CliVerify,
});

function CliVerify() {
  const { code } = Route.useSearch();
  const { config, session, queryClient, authClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <main className="flex flex-1 flex-col items-center px-4 py-16">
        <Link to="/" className="mb-10 rounded-control">
          <Logo brandName={config.brandName} />
        </Link>
        <CliVerifyCard code={code} session={session} authClient={authClient} />
      </main>
    </QueryClientProvider>
  );
}

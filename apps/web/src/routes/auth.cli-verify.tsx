import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { Logo } from '../components/logo';
import { CliVerifyCard } from '../features/devices/cli-verify-card';
import { CodeEntryForm } from '../features/devices/code-entry-form';
import { userCodeFromSearch } from '../features/devices/device-login';
import { pageHead } from '../lib/seo';
import { loadSessionClients, sessionQueryOptions } from '../lib/session';

/**
 * Confirms a command-line login. The code comes in the address, or is typed on the page when the
 * address has none; signed out goes to /auth and back.
 */
export const Route = createFileRoute('/auth/cli-verify')({
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({
    code: userCodeFromSearch(search),
  }),
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
  const navigate = Route.useNavigate();
  const { config, session, queryClient, authClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <main className="flex flex-1 flex-col items-center px-4 py-16">
        <Link to="/" className="mb-10 rounded-control">
          <Logo brandName={config.brandName} />
        </Link>
        {code ? (
          <CliVerifyCard code={code} session={session} authClient={authClient} />
        ) : (
          <CodeEntryForm onSubmit={(entered) => navigate({ search: { code: entered } })} />
        )}
      </main>
    </QueryClientProvider>
  );
}

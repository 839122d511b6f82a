import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { TerminalIcon } from '../components/icons';
import { Logo } from '../components/logo';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { requiredSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';
import { loadSessionClients, sessionQueryOptions } from '../lib/session';

export const Route = createFileRoute('/auth/cli-verify')({
  validateSearch: (search: Record<string, unknown>) => ({ code: requiredSearchParam(search.code, 'code') }),
  beforeLoad: async ({ context, location }) => {
    const { queryClient, authClient } = await loadSessionClients(context);
    const session = await queryClient.ensureQueryData(sessionQueryOptions(authClient));
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session };
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
  const { config, session } = Route.useRouteContext();
  return (
    <main className="flex flex-1 flex-col items-center px-4 py-16">
      <Link to="/" className="mb-10 rounded-control">
        <Logo brandName={config.brandName} />
      </Link>
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto mb-4 grid size-11 place-items-center rounded-card border border-border bg-background text-xl text-muted-foreground">
          <TerminalIcon />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Confirm your command-line sign-in</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Check that this code matches the one your terminal shows.
        </p>
        <p className="mt-6 rounded-control border border-border bg-background px-4 py-3 font-mono text-2xl tracking-[0.2em] text-foreground">
          <span className="sr-only">Sign-in code: </span>
          {code}
        </p>
        <p className="mt-6 text-sm leading-6 text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{session.user.email}</span>. Approving
          command-line sign-ins arrives with the CLI release; until then there is nothing to approve here.
        </p>
        <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Go to the dashboard
        </Link>
      </Card>
    </main>
  );
}

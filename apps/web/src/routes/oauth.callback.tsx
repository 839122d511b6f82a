import { createFileRoute, redirect } from '@tanstack/react-router';
import { Pending } from '../components/pending';
import { postSignInPath } from '../features/auth/safe-redirect';
import { optionalSearchParam } from '../lib/search';
import { loadSessionClients, refreshSession } from '../lib/session';

/**
 * Where a social provider's sign-in lands (better-auth's callbackURL). The server has already set the
 * session cookie; this page reads the new session and moves on.
 */
export const Route = createFileRoute('/oauth/callback')({
  validateSearch: (search: Record<string, unknown>) => ({ redirect: optionalSearchParam(search.redirect) }),
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  loader: async ({ context, deps }) => {
    const { queryClient, authClient } = await loadSessionClients(context);
    const session = await refreshSession(queryClient, authClient);
    if (session) throw redirect({ href: postSignInPath(deps.redirect), replace: true });
    throw redirect({ to: '/auth', search: { redirect: deps.redirect }, replace: true });
  },
  // Show the message at once rather than after the usual pending delay.
  pendingMs: 0,
  pendingComponent: SigningIn,
  component: SigningIn,
});

function SigningIn() {
  return <Pending label="Signing you in…" />;
}

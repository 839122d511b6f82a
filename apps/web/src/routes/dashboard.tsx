import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { PageNotFound } from '../features/dashboard/page-not-found';
import { DashboardShell } from '../features/dashboard/shell';
import { loadSessionClients, sessionQueryOptions } from '../lib/session';
import { adoptSessionOrganization } from '../lib/shown-organization';

/** Every /dashboard page needs a session. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => {
    // Loaded on first use, not with the public pages; from here on every dashboard route has both.
    const { queryClient, authClient } = await loadSessionClients(context);
    const session = await queryClient.ensureQueryData(sessionQueryOptions(authClient));
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    // With no active organization, the user's first one becomes active; errors are ignored.
    // Loaded only then, so the entry chunk does not carry the organization code.
    const withOrganization = session.session.activeOrganizationId
      ? session
      : await import('../lib/organization')
          .then(({ ensureActiveOrganization }) =>
            ensureActiveOrganization({ queryClient, authClient }, session),
          )
          .catch(() => session);
    // The first dashboard page of this tab shows the session's organization; from then on only a
    // switch made in this tab (or a reload) changes it.
    adoptSessionOrganization(withOrganization.user.id, withOrganization.session.activeOrganizationId ?? null);
    return { queryClient, authClient, session: withOrganization };
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: DashboardLayout,
  notFoundComponent: PageNotFound,
});

/** React Query's provider lives here rather than at the root, so public pages never load it. */
function DashboardLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardShell />
    </QueryClientProvider>
  );
}

import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardShell } from '../components/dashboard/shell';
import { sessionQueryOptions } from '../lib/session';

/** Every /dashboard page needs a session (spec §2, DESIGN §8). */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions(context.authClient));
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session };
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: DashboardShell,
});

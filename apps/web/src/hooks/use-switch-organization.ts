import { getRouteApi, useRouter } from '@tanstack/react-router';
import { type ActiveOrganizationChoice, pageAfterSwitch, switchOrganization } from '../lib/organization';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * Makes another organization the active one and shows its data at once: the cache of the previous one
 * is dropped, a page that belonged to it (a project's board or task) gives way to the new project list,
 * and the current page's loaders run again.
 */
export function useSwitchOrganization() {
  const { authClient, queryClient } = dashboardRoute.useRouteContext();
  const router = useRouter();
  return async (choice: ActiveOrganizationChoice) => {
    await switchOrganization({ authClient, queryClient }, choice);
    const next = pageAfterSwitch(router.state.location.pathname);
    if (next) await router.navigate({ to: next });
    else await router.invalidate();
  };
}

import type { AuthSession } from '@switchboard/auth/client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { createContext, type ReactNode, use, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { BuildingIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { abilitiesOf, type OrganizationAbilities } from '../../lib/access';
import {
  type ActiveOrganization,
  activeMemberRoleQueryOptions,
  activeOrganizationIdOf,
  activeOrganizationQueryOptions,
} from '../../lib/organization';
import { sessionQueryOptions } from '../../lib/session';
import { CreateOrganizationDialog } from '../dashboard/create-organization-dialog';

const dashboardRoute = getRouteApi('/dashboard');

/** The query and auth clients every dashboard screen shares (put in context by the /dashboard route). */
export function useDashboardClients() {
  const { authClient, queryClient } = dashboardRoute.useRouteContext();
  return { authClient, queryClient };
}

/** The signed-in session; inside the dashboard shell it is never null. */
export function useSession(): AuthSession {
  const { authClient } = useDashboardClients();
  const { data } = useSuspenseQuery(sessionQueryOptions(authClient));
  if (!data) throw new Error('No session');
  return data;
}

export interface ActiveOrganizationView {
  organization: ActiveOrganization;
  /** The signed-in member's role list, e.g. 'owner' or 'admin,member'. */
  role: string;
  can: OrganizationAbilities;
}

/** The active organization with the signed-in member's role and what it allows. */
export function useActiveOrganization(organizationId: string): ActiveOrganizationView {
  const { authClient } = useDashboardClients();
  const { data: organization } = useSuspenseQuery(activeOrganizationQueryOptions(authClient, organizationId));
  const { data: role } = useSuspenseQuery(activeMemberRoleQueryOptions(authClient, organizationId));
  if (!organization) throw new Error('Organization not found');
  return { organization, role, can: abilitiesOf(role) };
}

/**
 * Renders `children` with the active organization's id, or, when the user belongs to no organization,
 * says so and offers to create one.
 */
export function OrganizationGate({ children }: { children: (organizationId: string) => ReactNode }) {
  const session = useSession();
  const organizationId = activeOrganizationIdOf(session);
  const [creating, setCreating] = useState(false);
  if (organizationId) return <>{children(organizationId)}</>;
  return (
    <>
      <EmptyState
        icon={BuildingIcon}
        title="You are not in an organization"
        action={<Button onClick={() => setCreating(true)}>Create organization</Button>}
      >
        Projects, members and settings live in an organization. Create one, or open an invitation link someone
        sent you.
      </EmptyState>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

const OrganizationIdContext = createContext<string | null>(null);

/**
 * Holds the organization settings' pages: the active organization's id for them to read, or the
 * 'not in an organization' offer instead of them. Keyed by organization, so switching starts every
 * form afresh with the new organization's values.
 */
export function OrganizationScope({ children }: { children: ReactNode }) {
  return (
    <OrganizationGate>
      {(organizationId) => (
        <OrganizationIdContext key={organizationId} value={organizationId}>
          {children}
        </OrganizationIdContext>
      )}
    </OrganizationGate>
  );
}

/** The active organization of the surrounding <OrganizationScope>. */
export function useScopedOrganization(): ActiveOrganizationView {
  const organizationId = use(OrganizationIdContext);
  if (!organizationId) throw new Error('useScopedOrganization needs an <OrganizationScope> around it');
  return useActiveOrganization(organizationId);
}

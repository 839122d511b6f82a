import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { abilitiesOf } from '../lib/access';
import {
  activeMemberRoleQueryOptions,
  activeOrganizationIdOf,
  activeOrganizationQueryOptions,
} from '../lib/organization';
import { sessionQueryOptions } from '../lib/session';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * The signed-in member's role in the active organization. Unknown (still loading, or refused) is
 * undefined, which every role check reads as no: the server decides anyway.
 */
export function useActiveRole(): string | undefined {
  const { authClient } = dashboardRoute.useRouteContext();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const organizationId = activeOrganizationIdOf(session);
  const { data: role } = useQuery({
    ...activeMemberRoleQueryOptions(authClient, organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
  return role ?? undefined;
}

/**
 * Whether the signed-in member manages projects: deletes them and changes their settings, workflow and
 * repositories (owners and admins).
 */
export function useCanManageProjects(): boolean {
  return abilitiesOf(useActiveRole()).manageProjects;
}

/** The active organization's id, kept current (it changes when the user switches). */
export function useActiveOrganizationId(): string | null {
  const { authClient } = dashboardRoute.useRouteContext();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  return activeOrganizationIdOf(session);
}

export interface MemberChoice {
  userId: string;
  name: string;
  image?: string | null;
  email?: string;
}

/**
 * The active organization's members, for choosing a work unit's owner or a task's assignee. Loaded on demand (not
 * suspending): until it arrives, or if it fails, the list is empty.
 */
export function useOrganizationMembers(enabled = true): MemberChoice[] {
  const { authClient } = dashboardRoute.useRouteContext();
  const organizationId = useActiveOrganizationId();
  const { data } = useQuery({
    ...activeOrganizationQueryOptions(authClient, organizationId ?? ''),
    enabled: enabled && Boolean(organizationId),
  });
  return (data?.members ?? [])
    .map((member) => ({
      userId: member.userId,
      name: member.user.name || member.user.email,
      image: member.user.image ?? null,
      email: member.user.email,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

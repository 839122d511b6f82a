import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { queryOptions } from '@tanstack/react-query';
import { AuthCallError, afterAuthCall, unwrap } from './auth-call';
import { organizationKeys } from './organization-keys';
import { refreshSession, type SessionClients, sessionQueryOptions } from './session';
import { showOrganization } from './shown-organization';

type Inferred = AuthClient['$Infer'];
export type Organization = Inferred['Organization'];
export type ActiveOrganization = Inferred['ActiveOrganization'];
export type Member = Inferred['Member'];
export type Invitation = Inferred['Invitation'];
export type Team = Inferred['Team'];

export { organizationKeys };

/** The active organization's id from the session, or null. */
export function activeOrganizationIdOf(session: AuthSession | null | undefined): string | null {
  return session?.session.activeOrganizationId ?? null;
}

/**
 * A failed organization list is an empty list, never an error on screen. No retries either:
 * the list is asked for again after every organization change.
 */
export const organizationListQueryOptions = (authClient: AuthClient) =>
  queryOptions({
    queryKey: organizationKeys.list,
    queryFn: async (): Promise<Organization[]> => {
      try {
        const { data, error } = await authClient.organization.list();
        return error || !Array.isArray(data) ? [] : data;
      } catch {
        return [];
      }
    },
    retry: false,
  });

/**
 * The active organization with its members, invitations and teams (GET get-full-organization). A
 * 401/403/404 is not retried: asking again would not change the answer.
 */
export const activeOrganizationQueryOptions = (authClient: AuthClient, organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.full(organizationId),
    queryFn: () =>
      unwrap(
        authClient.organization.getFullOrganization({ query: { organizationId } }),
      ) as Promise<ActiveOrganization | null>,
    retry: retryUnlessRefused,
  });

/** The signed-in user's membership in the active organization (GET get-active-member). */
export const activeMemberQueryOptions = (authClient: AuthClient, organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.activeMember(organizationId),
    queryFn: () => unwrap(authClient.organization.getActiveMember()) as Promise<Member | null>,
    retry: retryUnlessRefused,
  });

/**
 * The signed-in user's role there (GET get-active-member-role): one role or several, comma-separated.
 * What the screens show or hide follows it; the server decides regardless.
 */
export const activeMemberRoleQueryOptions = (authClient: AuthClient, organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.activeMemberRole(organizationId),
    queryFn: async (): Promise<string> => {
      const data = await unwrap(authClient.organization.getActiveMemberRole());
      return data?.role ?? '';
    },
    retry: retryUnlessRefused,
  });

/** Team id → user ids in it, read per member with list-user-teams (needs member:update). */
export const teamMembershipsQueryOptions = (
  authClient: AuthClient,
  organizationId: string,
  userIds: readonly string[],
) =>
  queryOptions({
    queryKey: [...organizationKeys.teamMemberships(organizationId), [...userIds].sort()] as const,
    queryFn: async (): Promise<Record<string, string[]>> => {
      const teamsPerUser = await Promise.all(
        userIds.map(async (userId) => {
          const teams = await unwrap(
            authClient.organization.listUserTeams({ query: { userId, organizationId } }),
          );
          return { userId, teamIds: (teams ?? []).map((team) => team.id) };
        }),
      );
      return groupByTeam(teamsPerUser);
    },
    retry: retryUnlessRefused,
  });

export function groupByTeam(entries: ReadonlyArray<{ userId: string; teamIds: readonly string[] }>) {
  const byTeam: Record<string, string[]> = {};
  for (const { userId, teamIds } of entries) {
    for (const teamId of teamIds) {
      const users = byTeam[teamId] ?? [];
      users.push(userId);
      byTeam[teamId] = users;
    }
  }
  return byTeam;
}

/** Query retry policy: refusals and missing things are final; other failures retry up to 3 times. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof AuthCallError && error.status !== undefined && error.status < 500) return false;
  return failureCount < 3;
}

export interface ActiveOrganizationChoice {
  organizationId: string;
  organizationSlug: string;
}

/**
 * With no active organization in the session, the first of the user's organizations becomes
 * active. Returns what to pass to set-active, or null when nothing needs to change or nothing can.
 */
export function chooseActiveOrganization(
  session: AuthSession | null,
  organizations: ReadonlyArray<Pick<Organization, 'id' | 'slug'>>,
): ActiveOrganizationChoice | null {
  if (!session || activeOrganizationIdOf(session)) return null;
  const first = organizations[0];
  return first ? { organizationId: first.id, organizationSlug: first.slug } : null;
}

/** POST set-active. A failure yields null, silently: the caller keeps the session it has. */
export async function setActiveOrganization(
  authClient: AuthClient,
  choice: ActiveOrganizationChoice,
): Promise<Organization | null> {
  try {
    const { data, error } = await authClient.organization.setActive(choice);
    if (error) return null;
    showOrganization(choice.organizationId);
    return (data as Organization | null) ?? null;
  } catch {
    return null;
  }
}

/**
 * Makes sure the session has an active organization: if it has none, the user's first
 * organization is made active and the session read again. Every error is ignored: the
 * session as it was is returned.
 */
export async function ensureActiveOrganization(
  { queryClient, authClient }: SessionClients,
  session: AuthSession,
): Promise<AuthSession> {
  if (activeOrganizationIdOf(session)) return session;
  try {
    const organizations = await queryClient.fetchQuery(organizationListQueryOptions(authClient));
    const choice = chooseActiveOrganization(session, organizations);
    if (!choice) return session;
    const organization = await setActiveOrganization(authClient, choice);
    if (!organization) return session;
    return (await refreshSession(queryClient, authClient)) ?? session;
  } catch {
    return session;
  }
}

/**
 * Query keys that do not depend on the active organization: the runtime config and the session. Every
 * other cached query may (projects, tasks, members …) and is refreshed when the organization changes.
 */
export function isOrganizationIndependent(queryKey: readonly unknown[]): boolean {
  const [head, second] = queryKey;
  return head === 'config' || (head === 'auth' && second === 'session') || head === 'organizations';
}

/**
 * Switches the active organization: set-active, then the session is read again and everything that
 * belonged to the previous organization refetched. Unlike the automatic choice, a failure here is the
 * user's own action failing, so it is reported (thrown).
 */
export async function switchOrganization(
  { queryClient, authClient }: SessionClients,
  choice: ActiveOrganizationChoice,
): Promise<void> {
  const organization = (await unwrap(authClient.organization.setActive(choice))) as { name?: string } | null;
  // Before anything is fetched again: the refetches below must name the new organization, and the
  // other tabs follow instead of acting in the one they still show.
  showOrganization(choice.organizationId, { name: organization?.name ?? choice.organizationSlug });
  await afterAuthCall(queryClient, '/organization/set-active');
  // Reset, not just invalidated: a page or loader reading the cache must never get the previous
  // organization's answers (a stale query still hands them out until its refetch lands).
  await queryClient.resetQueries({ predicate: (query) => !isOrganizationIndependent(query.queryKey) });
}

/**
 * Where to go after switching organization from `pathname`: a project's pages (board, task) belong to
 * the previous organization, so they give way to the new one's project list; every other page stays.
 */
export function pageAfterSwitch(pathname: string): '/dashboard/projects' | undefined {
  return /^\/dashboard\/projects\/[^/]+/.test(pathname) ? '/dashboard/projects' : undefined;
}

/**
 * After the active organization went away (deleted, or left): the session is read again and
 * the first remaining organization becomes active.
 */
export async function afterActiveOrganizationGone(
  clients: SessionClients,
  goneOrganizationId: string,
): Promise<void> {
  clients.queryClient.removeQueries({ queryKey: [...organizationKeys.scope, goneOrganizationId] });
  const session = await refreshSession(clients.queryClient, clients.authClient);
  await clients.queryClient.invalidateQueries({ queryKey: organizationKeys.list });
  if (session) await ensureActiveOrganization(clients, session);
  await clients.queryClient.invalidateQueries({
    predicate: (query) => !isOrganizationIndependent(query.queryKey),
  });
}

/**
 * For route loaders under /dashboard: the active organization and the member's role, loaded before the
 * page renders. Resolves to the active organization's id, or null when the user has none.
 */
export async function loadActiveOrganization(
  { queryClient, authClient }: SessionClients,
  session: AuthSession | null,
): Promise<string | null> {
  const current = queryClient.getQueryData<AuthSession | null>(sessionQueryOptions(authClient).queryKey);
  const organizationId = activeOrganizationIdOf(current === undefined ? session : current);
  if (!organizationId) return null;
  await Promise.all([
    queryClient.ensureQueryData(activeOrganizationQueryOptions(authClient, organizationId)),
    queryClient.ensureQueryData(activeMemberRoleQueryOptions(authClient, organizationId)),
  ]);
  return organizationId;
}

/**
 * The page where an invited person accepts or declines: the same link the server mails (or logs when
 * no mail server is set up), so the inviter can share it by hand.
 */
export function invitationLink(appUrl: string, invitationId: string): string {
  return new URL(`/dashboard/invitations/${encodeURIComponent(invitationId)}`, appUrl).toString();
}

/** Invitations still waiting for an answer, soonest to expire last. */
export function pendingInvitations<T extends Pick<Invitation, 'status' | 'expiresAt'>>(
  invitations: readonly T[],
): T[] {
  return invitations
    .filter((invitation) => invitation.status === 'pending')
    .sort((a, b) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime());
}

/** The teams the signed-in user is in, in one organization (GET list-user-teams). */
export const myTeamsQueryOptions = (authClient: AuthClient, organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.myTeams(organizationId),
    queryFn: async (): Promise<Team[]> =>
      (await unwrap(authClient.organization.listUserTeams({ query: { organizationId } }))) ?? [],
    retry: retryUnlessRefused,
  });

export type InvitationDetails = NonNullable<
  Awaited<ReturnType<AuthClient['organization']['getInvitation']>>['data']
>;

/** What the accept-invitation page can show. */
export type InvitationLookup =
  | { state: 'pending'; invitation: InvitationDetails }
  /** Unknown id, expired, cancelled, already answered, or addressed to another email (the server does not say which). */
  | { state: 'unavailable' }
  /** The server wants a verified email address before showing invitations. */
  | { state: 'verify-email' };

const VERIFY_EMAIL_CODES = new Set([
  'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
  'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
]);

/** Sorts a failed get-invitation into what the page shows; anything unexpected is rethrown. */
export function classifyInvitationError(error: unknown): InvitationLookup {
  if (error instanceof AuthCallError) {
    if (error.code && VERIFY_EMAIL_CODES.has(error.code)) return { state: 'verify-email' };
    if (error.status === 400 || error.status === 403 || error.status === 404) return { state: 'unavailable' };
  }
  throw error;
}

/** GET get-invitation for the signed-in user, sorted into the page's states. */
export const invitationQueryOptions = (authClient: AuthClient, invitationId: string) =>
  queryOptions({
    queryKey: organizationKeys.invitation(invitationId),
    queryFn: async (): Promise<InvitationLookup> => {
      try {
        const invitation = await unwrap(
          authClient.organization.getInvitation({ query: { id: invitationId } }),
        );
        return invitation ? { state: 'pending', invitation } : { state: 'unavailable' };
      } catch (error) {
        return classifyInvitationError(error);
      }
    },
    retry: retryUnlessRefused,
    staleTime: 0,
  });

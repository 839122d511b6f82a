import { hasPermission, type organization } from 'better-auth/plugins';
import { authError } from '../shared/errors';
import { isRecord, text } from '../shared/hook-context';
import type { OrganizationErrorCode } from './error-codes';
import type { ScopeRequest } from './scope-request';

export type OrganizationOptions = NonNullable<Parameters<typeof organization>[0]>;

/** Endpoints whose `teamId` must name a team of the organization the request acts in. */
const TEAM_SCOPED_PATHS = new Set([
  '/organization/update-team',
  '/organization/remove-team',
  '/organization/add-team-member',
  '/organization/remove-team-member',
  '/organization/set-active-team',
  '/organization/list-team-members',
  '/organization/invite-member',
]);

/** Endpoints whose `userId` must name a member of the organization the request acts in. */
const MEMBER_USER_PATHS = new Set([
  '/organization/add-team-member',
  '/organization/remove-team-member',
  '/organization/get-active-member-role',
  '/organization/list-user-teams',
]);

/** Endpoints whose `roleId` must name a custom role of the organization the request acts in. */
const ROLE_PATHS = new Set([
  '/organization/get-role',
  '/organization/update-role',
  '/organization/delete-role',
]);

const RECIPIENT_PATHS = new Set([
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/get-invitation',
]);

const fail = (code: OrganizationErrorCode) => authError(code);

/**
 * The organization the request acts in: the one it names, by id or slug, which the caller must
 * belong to; else the session's active one.
 */
export async function organizationInScope(request: ScopeRequest): Promise<string | undefined> {
  const { path, adapter, body, input, membershipOf } = request;
  const data = isRecord(body.data) ? body.data : {};
  // (update-team alone takes it inside `data`, and ignores a top-level one.)
  const explicit =
    path === '/organization/update-team' ? text(data.organizationId) : text(input.organizationId);
  if (explicit && !(await membershipOf(explicit))) throw fail('ORGANIZATION_NOT_FOUND');
  // Some endpoints prefer the slug, others the id: whichever is given must be the caller's.
  const slug = text(input.organizationSlug);
  let bySlug: string | undefined;
  if (slug) {
    const found = await adapter.findOne<{ id: string }>({
      model: 'organization',
      where: [{ field: 'slug', value: slug }],
    });
    if (!found || !(await membershipOf(found.id))) throw fail('ORGANIZATION_NOT_FOUND');
    bySlug = found.id;
  }
  return explicit ?? bySlug ?? request.active;
}

/** A member id must be a member of that organization. */
export async function checkMemberId({ path, adapter, input }: ScopeRequest, scope: string | undefined) {
  const memberId =
    path === '/organization/update-member-role'
      ? text(input.memberId)
      : path === '/organization/remove-member'
        ? text(input.memberIdOrEmail)
        : undefined;
  if (memberId && scope && !memberId.includes('@')) {
    const target = await adapter.findOne<{ organizationId: string }>({
      model: 'member',
      where: [{ field: 'id', value: memberId }],
    });
    if (!target || target.organizationId !== scope) throw fail('MEMBER_NOT_FOUND');
  }
}

/** A team id must be a team of that organization (list-team-members: of one of the caller's). */
export async function checkTeamIds(request: ScopeRequest, scope: string | undefined) {
  const { path, adapter, input, membershipOf } = request;
  if (!TEAM_SCOPED_PATHS.has(path)) return;
  const raw = input.teamId;
  const teamIds = (Array.isArray(raw) ? raw : [raw]).map(text).filter((id) => id !== undefined);
  for (const teamId of teamIds) {
    const team = await adapter.findOne<{ organizationId: string }>({
      model: 'team',
      where: [{ field: 'id', value: teamId }],
    });
    if (!team) throw fail('TEAM_NOT_FOUND');
    if (path === '/organization/list-team-members') {
      if (!(await membershipOf(team.organizationId))) throw fail('TEAM_NOT_FOUND');
    } else {
      const teamScope = path === '/organization/set-active-team' ? request.active : scope;
      if (teamScope && team.organizationId !== teamScope) throw fail('TEAM_NOT_FOUND');
    }
  }
}

/** A custom role id must be a role of that organization. */
export async function checkRoleId({ path, adapter, input }: ScopeRequest, scope: string | undefined) {
  const roleId = ROLE_PATHS.has(path) ? text(input.roleId) : undefined;
  if (roleId && scope) {
    const role = await adapter.findOne<{ organizationId: string }>({
      model: 'organizationRole',
      where: [{ field: 'id', value: roleId }],
    });
    if (!role || role.organizationId !== scope) throw fail('ROLE_NOT_FOUND');
  }
}

/** Another user named by id must be a member of that organization. */
export async function checkOtherUser(request: ScopeRequest, scope: string | undefined) {
  const otherUser = text(request.input.userId);
  if (MEMBER_USER_PATHS.has(request.path) && otherUser && otherUser !== request.userId && scope) {
    if (!(await request.membershipOf(scope, otherUser))) throw fail('MEMBER_NOT_FOUND');
  }
}

/**
 * An invitation is reachable by the members of its organization (to cancel it) and by the person it
 * was sent to (to read, accept or decline it).
 */
export async function checkInvitation({ path, adapter, body, query, userEmail, membershipOf }: ScopeRequest) {
  const invitationId =
    path === '/organization/get-invitation'
      ? text(query.id)
      : path === '/organization/cancel-invitation' || RECIPIENT_PATHS.has(path)
        ? text(body.invitationId)
        : undefined;
  if (!invitationId) return;
  const invitation = await adapter.findOne<{ organizationId: string; email: string }>({
    model: 'invitation',
    where: [{ field: 'id', value: invitationId }],
  });
  if (!invitation) throw fail('INVITATION_NOT_FOUND');
  const reachable = RECIPIENT_PATHS.has(path)
    ? invitation.email.toLowerCase() === userEmail.toLowerCase()
    : Boolean(await membershipOf(invitation.organizationId));
  if (!reachable) throw fail('INVITATION_NOT_FOUND');
}

/**
 * Inviting needs `member:create` as well as `invitation:create`: better-auth's only HTTP way to add a
 * member is an invitation, which it guards with `invitation:create` alone.
 */
export async function checkInvitePermission(
  { path, ctx, membershipOf }: ScopeRequest,
  scope: string | undefined,
  organizationOptions: OrganizationOptions,
) {
  if (path !== '/organization/invite-member' || !scope) return;
  const member = await membershipOf(scope);
  if (!member) throw fail('ORGANIZATION_NOT_FOUND');
  const allowed = await hasPermission(
    {
      role: String(member.role),
      options: organizationOptions,
      permissions: { member: ['create'] },
      organizationId: scope,
    },
    ctx,
  );
  if (!allowed) throw fail('YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION');
}

import type { BetterAuthPlugin, HookEndpointContext } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { hasPermission, type organization } from 'better-auth/plugins';
import { authError } from '../shared/errors';
import { activeOrganizationIdOf, isRecord, type Row, text } from '../shared/hook-context';
import type { OrganizationErrorCode } from './error-codes';

type OrganizationOptions = NonNullable<Parameters<typeof organization>[0]>;

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
 * An id from another organization answers 404 (nobody learns it exists), never 403, never its data.
 * better-auth checks most foreign ids itself, but in an order that can tell a foreign id from a
 * missing one (a 403 "not allowed to update this member" for another organization's member, 400 "the
 * only owner" for another organization's owner, a 401 from has-permission…). This runs before every organization endpoint and
 * answers 404 for any organization, member, team, invitation, role or user id outside the caller's reach,
 * exactly as for an id that does not exist.
 *
 * It also makes `member:create` count: better-auth's only HTTP way to add a member is an invitation,
 * which it guards with `invitation:create` alone; inviting here needs both.
 */
export function organizationScope(organizationOptions: OrganizationOptions): BetterAuthPlugin {
  return {
    id: 'switchboard-organization-scope',
    hooks: {
      before: [
        {
          matcher: (context: HookEndpointContext) => context.path?.startsWith('/organization/') ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const path = ctx.path;
            const adapter = ctx.context.adapter;
            const userId = session.user.id;
            const body = isRecord(ctx.body) ? ctx.body : {};
            const query = isRecord(ctx.query) ? ctx.query : {};
            const input: Row = { ...query, ...body };

            const memberships = new Map<string, Row | null>();
            const membershipOf = async (organizationId: string, ofUser = userId) => {
              const key = `${ofUser}|${organizationId}`;
              if (!memberships.has(key)) {
                const row = await adapter.findOne<Row>({
                  model: 'member',
                  where: [
                    { field: 'organizationId', value: organizationId },
                    { field: 'userId', value: ofUser },
                  ],
                });
                memberships.set(key, row);
              }
              return memberships.get(key) ?? null;
            };

            // The organization the request names, by id or slug: the caller must belong to it.
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
            const active = activeOrganizationIdOf(session.session) ?? undefined;
            const scope = explicit ?? bySlug ?? active;

            // A member id must be a member of that organization.
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

            // A team id must be a team of that organization (list-team-members: of one of the caller's).
            if (TEAM_SCOPED_PATHS.has(path)) {
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
                  const teamScope = path === '/organization/set-active-team' ? active : scope;
                  if (teamScope && team.organizationId !== teamScope) throw fail('TEAM_NOT_FOUND');
                }
              }
            }

            // A custom role id must be a role of that organization.
            const roleId = ROLE_PATHS.has(path) ? text(input.roleId) : undefined;
            if (roleId && scope) {
              const role = await adapter.findOne<{ organizationId: string }>({
                model: 'organizationRole',
                where: [{ field: 'id', value: roleId }],
              });
              if (!role || role.organizationId !== scope) throw fail('ROLE_NOT_FOUND');
            }

            // Another user named by id must be a member of that organization.
            const otherUser = text(input.userId);
            if (MEMBER_USER_PATHS.has(path) && otherUser && otherUser !== userId && scope) {
              if (!(await membershipOf(scope, otherUser))) throw fail('MEMBER_NOT_FOUND');
            }

            // An invitation is reachable by the members of its organization (to cancel it) and by the
            // person it was sent to (to read, accept or decline it).
            const invitationId =
              path === '/organization/get-invitation'
                ? text(query.id)
                : path === '/organization/cancel-invitation' || RECIPIENT_PATHS.has(path)
                  ? text(body.invitationId)
                  : undefined;
            if (invitationId) {
              const invitation = await adapter.findOne<{ organizationId: string; email: string }>({
                model: 'invitation',
                where: [{ field: 'id', value: invitationId }],
              });
              if (!invitation) throw fail('INVITATION_NOT_FOUND');
              const reachable = RECIPIENT_PATHS.has(path)
                ? invitation.email.toLowerCase() === session.user.email.toLowerCase()
                : Boolean(await membershipOf(invitation.organizationId));
              if (!reachable) throw fail('INVITATION_NOT_FOUND');
            }

            if (path === '/organization/invite-member' && scope) {
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
          }),
        },
      ],
    },
  };
}

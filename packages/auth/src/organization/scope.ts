import type { BetterAuthPlugin, HookEndpointContext } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import {
  checkInvitation,
  checkInvitePermission,
  checkMemberId,
  checkOtherUser,
  checkRoleId,
  checkTeamIds,
  type OrganizationOptions,
  organizationInScope,
} from './scope-checks';
import { scopeRequestOf } from './scope-request';

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
            const request = scopeRequestOf(ctx, session);
            const scope = await organizationInScope(request);
            await checkMemberId(request, scope);
            await checkTeamIds(request, scope);
            await checkRoleId(request, scope);
            await checkOtherUser(request, scope);
            await checkInvitation(request);
            await checkInvitePermission(request, scope, organizationOptions);
          }),
        },
      ],
    },
  };
}

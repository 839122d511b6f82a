import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { authError } from '../shared/errors';
import { activeOrganizationIdOf, isRecord, text } from '../shared/hook-context';

const hasRole = (roles: unknown, role: string) =>
  typeof roles === 'string' && roles.split(',').some((each) => each.trim() === role);

/**
 * better-auth refuses a non-owner's removal of an owner with "you cannot leave the organization as the
 * only owner", even when the organization has several owners. The real reason is that only an owner
 * may remove an owner, and this says so first. (Removing the last owner is still better-auth's own
 * refusal, whose words are then right.)
 */
export function ownerRemovalGuard(creatorRole: string): BetterAuthPlugin {
  return {
    id: 'switchboard-owner-removal',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/organization/remove-member',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const body = isRecord(ctx.body) ? ctx.body : {};
            const organizationId = text(body.organizationId) ?? activeOrganizationIdOf(session?.session);
            const named = text(body.memberIdOrEmail);
            if (!session || !organizationId || !named) return; // the endpoint answers these itself
            const adapter = ctx.context.adapter;
            const memberOf = (userId: string) =>
              adapter.findOne<{ role: string }>({
                model: 'member',
                where: [
                  { field: 'organizationId', value: organizationId },
                  { field: 'userId', value: userId },
                ],
              });
            const caller = await memberOf(session.user.id);
            if (!caller || hasRole(caller.role, creatorRole)) return;
            let target: { role: string } | null;
            if (named.includes('@')) {
              const user = await adapter.findOne<{ id: string }>({
                model: 'user',
                where: [{ field: 'email', value: named.toLowerCase() }],
              });
              target = user ? await memberOf(user.id) : null;
            } else {
              target = await adapter.findOne<{ role: string; organizationId: string }>({
                model: 'member',
                where: [{ field: 'id', value: named }],
              });
            }
            if (target && hasRole(target.role, creatorRole)) throw authError('ONLY_OWNERS_REMOVE_OWNERS');
          }),
        },
      ],
    },
  };
}

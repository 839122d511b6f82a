import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { authError } from '../shared/errors';

type Adapter = AuthContext['adapter'];

/** Stripe statuses under which a subscription still charges the organization. */
const CHARGING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** The organizations only this user belongs to: deleting the account deletes them too. */
async function organizationsOnlyOf(adapter: Adapter, userId: string): Promise<string[]> {
  const memberships = await adapter.findMany<{ organizationId: string }>({
    model: 'member',
    where: [{ field: 'userId', value: userId }],
  });
  const alone: string[] = [];
  for (const { organizationId } of memberships) {
    const members = await adapter.count({
      model: 'member',
      where: [{ field: 'organizationId', value: organizationId }],
    });
    if (members <= 1) alone.push(organizationId);
  }
  return alone;
}

async function isCharging(adapter: Adapter, organizationId: string): Promise<boolean> {
  const subscriptions = await adapter.findMany<{ status: string }>({
    model: 'subscription',
    where: [{ field: 'referenceId', value: organizationId }],
  });
  return subscriptions.some((row) => CHARGING_STATUSES.has(row.status));
}

/**
 * The Stripe plugin refuses to delete an organization that still pays, but deleting the account of its
 * only member deletes the organization directly: this refuses that too, so no subscription is left
 * charging an organization that no longer exists.
 */
export function accountDeletionBillingGuard(): BetterAuthPlugin {
  return {
    id: 'switchboard-billing-account-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/delete-user' || ctx.path === '/delete-user/callback',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const adapter = ctx.context.adapter;
            for (const organizationId of await organizationsOnlyOf(adapter, session.user.id)) {
              if (await isCharging(adapter, organizationId))
                throw authError('ORGANIZATION_HAS_ACTIVE_SUBSCRIPTION');
            }
          }),
        },
      ],
    },
  };
}

import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { authError } from '../shared/errors';
import { isRecord, text } from '../shared/hook-context';
import type { AccountErrorCode } from './error-codes';

type Adapter = AuthContext['adapter'];

const fail = (code: AccountErrorCode, message?: string) => authError(code, message);

/**
 * Deleting an account needs its password when it has one, not only a recent session: a session cookie
 * left in a shared browser must not be enough to destroy someone's account.
 */
export function accountDeletion(): BetterAuthPlugin {
  return {
    id: 'switchboard-account-deletion',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/delete-user',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isRecord(ctx.body) ? ctx.body : {};
            if (text(body.password) || text(body.token)) return;
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
            if (credential?.password) throw fail('PASSWORD_REQUIRED');
          }),
        },
      ],
    },
  };
}

/**
 * Before an account is deleted: organizations where the user is the only member go with it (nobody
 * else could ever reach them again). An organization the user is the only owner of, but shares with
 * others, stops the deletion: it would be left without anyone allowed to delete it or change roles.
 */
export async function releaseOrganizationsOf(adapter: Adapter, userId: string): Promise<void> {
  const memberships = await adapter.findMany<{ organizationId: string }>({
    model: 'member',
    where: [{ field: 'userId', value: userId }],
  });
  const alone: string[] = [];
  for (const { organizationId } of memberships) {
    const members = await adapter.findMany<{ userId: string; role: string }>({
      model: 'member',
      where: [{ field: 'organizationId', value: organizationId }],
    });
    if (members.length <= 1) {
      alone.push(organizationId);
      continue;
    }
    const owners = members.filter((member) => member.role.split(',').some((role) => role.trim() === 'owner'));
    if (owners.length === 1 && owners[0]?.userId === userId) {
      const organization = await adapter.findOne<{ name: string }>({
        model: 'organization',
        where: [{ field: 'id', value: organizationId }],
      });
      throw fail(
        'SOLE_OWNER_OF_SHARED_ORGANIZATION',
        `You are the only owner of ${organization?.name ?? 'an organization'}, which has other members: make someone else an owner, or delete it, before deleting your account.`,
      );
    }
  }
  for (const organizationId of alone) {
    // Members, invitations, teams and custom roles follow through the foreign keys' ON DELETE CASCADE.
    await adapter.delete({ model: 'organization', where: [{ field: 'id', value: organizationId }] });
  }
}

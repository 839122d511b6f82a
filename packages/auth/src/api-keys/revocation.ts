import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { isRecord, type Row, text } from '../shared/hook-context';
import { apiKeyMetadataOf } from './metadata';

type Adapter = AuthContext['adapter'];

/** The member a successful remove-member ({member}) or leave (the member itself) answered. */
function departedMember(returned: unknown): { userId: string; organizationId: string } | null {
  if (!isRecord(returned) || returned instanceof APIError) return null;
  const member = isRecord(returned.member) ? returned.member : returned;
  const userId = text(member.userId);
  const organizationId = text(member.organizationId);
  return userId && organizationId ? { userId, organizationId } : null;
}

/**
 * Deletes the keys a user made for an organization. Keys are checked against membership on every
 * request, so without this a key would start working again the moment its creator re-joined.
 */
export async function revokeKeysOf(
  adapter: Adapter,
  userId: string,
  organizationId: string,
): Promise<number> {
  const keys = await adapter.findMany<Row>({
    model: 'apikey',
    where: [{ field: 'referenceId', value: userId }],
  });
  const bound = keys.filter((key) => apiKeyMetadataOf(key.metadata)?.organizationId === organizationId);
  for (const key of bound) {
    await adapter.delete({ model: 'apikey', where: [{ field: 'id', value: key.id as string }] });
  }
  return bound.length;
}

/**
 * When someone leaves an organization or is removed from it, the API keys they made for it are revoked
 * for good. Leaving does not run the organization plugin's afterRemoveMember hook, so both endpoints
 * are watched here.
 */
export function revokeKeysOnDeparture(): BetterAuthPlugin {
  return {
    id: 'switchboard-api-key-revocation',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/organization/remove-member' || ctx.path === '/organization/leave',
          handler: createAuthMiddleware(async (ctx) => {
            const departed = departedMember(ctx.context.returned);
            if (!departed) return;
            await revokeKeysOf(ctx.context.adapter, departed.userId, departed.organizationId);
          }),
        },
      ],
    },
  };
}

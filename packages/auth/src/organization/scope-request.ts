import type { HookContext, Row } from '../shared/hook-context';
import { activeOrganizationIdOf, isRecord } from '../shared/hook-context';

/** What the organization scope checks read of one call: who calls, what it names, and where it acts. */
export interface ScopeRequest {
  ctx: HookContext;
  path: string;
  adapter: HookContext['context']['adapter'];
  userId: string;
  userEmail: string;
  body: Row;
  query: Row;
  /** The query and the body together, the body winning. */
  input: Row;
  /** The session's active organization. */
  active: string | undefined;
  /** The user's membership of an organization (the caller's unless told), read at most once a call. */
  membershipOf(organizationId: string, ofUser?: string): Promise<Row | null>;
}

export function scopeRequestOf(
  ctx: HookContext,
  session: { user: { id: string; email: string }; session: object },
): ScopeRequest {
  const adapter = ctx.context.adapter;
  const userId = session.user.id;
  const body = isRecord(ctx.body) ? ctx.body : {};
  const query = isRecord(ctx.query) ? ctx.query : {};
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
  return {
    ctx,
    path: ctx.path,
    adapter,
    userId,
    userEmail: session.user.email,
    body,
    query,
    input: { ...query, ...body },
    active: activeOrganizationIdOf(session.session) ?? undefined,
    membershipOf,
  };
}

import { authError } from '../shared/errors';
import { activeOrganizationIdOf, type HookContext, isRecord, type Row } from '../shared/hook-context';
import { sessionOf } from './caller';
import { apiKeyMetadataOf } from './metadata';

const SORTABLE = new Set(['createdAt', 'updatedAt', 'name', 'expiresAt', 'lastRequest']);

/**
 * The plugin lists every key of the user, whatever its organization. This answers in its place, in its
 * shape ({apiKeys, total, limit, offset}), with only the keys of the caller's active organization, newest
 * first unless sortBy says otherwise, and never the hashed key.
 */
export async function listKeysOfActiveOrganization(ctx: HookContext) {
  const session = await sessionOf(ctx);
  if (!session) throw authError('UNAUTHORIZED_SESSION');
  const activeOrganizationId = activeOrganizationIdOf(session.session);
  const query = isRecord(ctx.query) ? ctx.query : {};
  if (query.organizationId !== undefined && query.organizationId !== activeOrganizationId) {
    throw authError('ORGANIZATION_NOT_ACTIVE');
  }
  const sortBy = typeof query.sortBy === 'string' && SORTABLE.has(query.sortBy) ? query.sortBy : 'createdAt';
  const direction =
    query.sortDirection === 'asc' ? 'asc' : query.sortDirection === 'desc' ? 'desc' : undefined;
  const rows = await ctx.context.adapter.findMany<Row>({
    model: 'apikey',
    where: [{ field: 'referenceId', value: session.user.id }],
    sortBy: { field: sortBy, direction: direction ?? (sortBy === 'name' ? 'asc' : 'desc') },
  });
  const mine = activeOrganizationId
    ? rows.filter((row) => apiKeyMetadataOf(row.metadata)?.organizationId === activeOrganizationId)
    : [];
  const offset = nonNegative(query.offset);
  const limit = nonNegative(query.limit);
  const page = mine.slice(offset ?? 0, limit === undefined ? undefined : (offset ?? 0) + limit);
  return ctx.json({
    apiKeys: page.map(({ key: _hashed, ...row }) => ({
      ...row,
      metadata: apiKeyMetadataOf(row.metadata),
      permissions: typeof row.permissions === 'string' ? JSON.parse(row.permissions) : null,
    })),
    total: mine.length,
    limit,
    offset,
  });
}

function nonNegative(value: unknown): number | undefined {
  const number = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

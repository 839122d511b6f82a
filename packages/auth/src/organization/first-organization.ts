import { randomBytes } from 'node:crypto';
import type { AuthContext } from 'better-auth';

type Adapter = AuthContext['adapter'];

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${base || 'workspace'}-${randomBytes(3).toString('hex')}`;
}

/**
 * The organization a new session starts in: the first the user joined. A user who belongs to none (a new
 * sign-up, by email or GitHub) first gets a personal organization they own, so the dashboard is never
 * empty. better-auth runs user "after" hooks only once the sign-up transaction is over, after the
 * session exists, which is why this runs from the session hook.
 */
export async function firstOrganizationOf(adapter: Adapter, userId: string): Promise<string> {
  const [first] = await adapter.findMany<{ organizationId: string }>({
    model: 'member',
    where: [{ field: 'userId', value: userId }],
    sortBy: { field: 'createdAt', direction: 'asc' },
    limit: 1,
  });
  if (first) return first.organizationId;
  const user = await adapter.findOne<{ name: string }>({
    model: 'user',
    where: [{ field: 'id', value: userId }],
  });
  const name = user?.name ?? 'My';
  const now = new Date();
  const created = await adapter.create<{ id: string }>({
    model: 'organization',
    data: { name: `${name}'s workspace`, slug: slugFor(name), createdAt: now },
  });
  await adapter.create({
    model: 'member',
    data: { organizationId: created.id, userId, role: 'owner', createdAt: now },
  });
  return created.id;
}

import type { ApiClient } from '@switchboard/api-client';
import * as z from 'zod';
import type { Runtime } from './context';
import { AuthError } from './exit-codes';

const sessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      activeOrganizationId: z.string().nullable().optional(),
      createdAt: z.coerce.date(),
      expiresAt: z.coerce.date(),
    }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .nullable();
export type SessionInfo = NonNullable<z.infer<typeof sessionSchema>>;

export const organizationSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type Organization = z.infer<typeof organizationSchema>;

/** GET /auth/get-session: who a token belongs to, or null when it is unknown, revoked or expired. */
export async function fetchSession(auth: ApiClient): Promise<SessionInfo | null> {
  // An unknown bearer token answers 200 with null; an empty body reads as undefined.
  return (await auth.get('/get-session', { schema: sessionSchema.optional() })) ?? null;
}

/**
 * The stored login's session, checked with the server; an AuthError (exit 3) when there is no login or
 * the server no longer accepts it (revoked on the connected-devices page, or expired).
 */
export async function requireSession(runtime: Runtime): Promise<SessionInfo> {
  const credential = runtime.requireCredential();
  const session = await fetchSession(runtime.auth({ token: credential.token }));
  if (!session) {
    throw new AuthError(
      `You are logged out of ${runtime.server}: this computer's login was revoked or has expired. Run \`switchboard login\`.`,
    );
  }
  return session;
}

export async function listOrganizations(auth: ApiClient): Promise<Organization[]> {
  return auth.get('/organization/list', { schema: z.array(organizationSchema) });
}

/** An organisation named by id, slug or name (any case). */
export function findOrganization(
  organizations: readonly Organization[],
  wanted: string,
): Organization | undefined {
  const text = wanted.trim();
  const lower = text.toLowerCase();
  return (
    organizations.find((organization) => organization.id === text) ??
    organizations.find((organization) => organization.slug.toLowerCase() === lower) ??
    organizations.find((organization) => organization.name.toLowerCase() === lower)
  );
}

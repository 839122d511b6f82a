import { fetchSession, type Organization, type SessionInfo } from './better-auth';
import type { Runtime } from './context';
import { AuthError } from './exit-codes';

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

/** An organization named by id, slug or name (any case). */
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

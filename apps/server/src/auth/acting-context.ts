import { API_KEY_RATE_LIMIT, apiKeyMetadataOf, isApiKeyToken } from '@switchboard/auth/api-keys';
import type { AuthServer } from '@switchboard/auth/server';
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client';
import { member } from '../db/schema';
import { workForOrganization } from '../db/work-owner';
import type { ActingContext } from '../domain/actor';
import { AppError } from '../domain/errors';
import type { DomainServices, RequestCounter } from '../domain/services';

/**
 * Who acts, in which organization, with which role. A request made with an API key also says which key
 * (`apiKeyId`) and, when the key is bound to one, which agent profile (`agentName`).
 */
export type ActingIdentity = ActingContext & {
  role: string;
  apiKeyId?: string;
  agentName?: string;
  /** The key was marked admin by an owner or admin: its MCP sessions list the rule-set tools. */
  adminKey?: boolean;
};

export interface ActingVariables {
  acting: ActingIdentity;
}

/**
 * The role a request made with an API key acts with: a member's, whatever its creator's role. Keys are
 * for agents doing project work (open to every member); settings, deleting projects and managing agent
 * profiles stay with people signed in as owners or admins, so a leaked key can never do those.
 */
export const API_KEY_ROLE = 'member';

/**
 * The organization a signed-in tab shows, sent with each of its API requests. Keys ignore it: a key
 * belongs to one organization.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';

/**
 * The API key a request presents: `x-api-key: <key>`, or `Authorization: Bearer <key>` when the bearer
 * value carries the key prefix (sb_). Any other bearer value is a session token.
 */
export function presentedApiKey(headers: Headers): string | undefined {
  const header = headers.get('x-api-key')?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  return bearer && isApiKeyToken(bearer) ? bearer : undefined;
}

/**
 * Who is calling, from the credential the request presents, read without any lookup: an API key, a
 * bearer token or the session cookie. Undefined for a request that presents none.
 */
export function presentedCredential(headers: Headers): string | undefined {
  const key = presentedApiKey(headers);
  if (key) return `key:${key}`;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  if (bearer) return `bearer:${bearer}`;
  const session = /(?:^|;\s*)[\w.-]*session_token=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1];
  return session ? `session:${session}` : undefined;
}

interface VerifiedKey {
  id: string;
  name: string | null;
  start: string | null;
  referenceId: string;
  metadata: unknown;
  rateLimitEnabled: boolean | null;
  rateLimitMax: number | null;
  rateLimitTimeWindow: number | null;
}

interface VerifyAnswer {
  valid: boolean;
  error: { code?: string; message?: string } | null;
  key: VerifiedKey | null;
}

/**
 * Counts one request of a key in a fixed window (the `rate_limit` table, shared by every server process):
 * the key's own rateLimitMax per rateLimitTimeWindow, 600 a minute unless the server set otherwise.
 */
async function consumeKeyRequest(limiter: RequestCounter, key: VerifiedKey): Promise<void> {
  if (key.rateLimitEnabled === false) return;
  const windowSeconds = Math.max(
    1,
    Math.round((key.rateLimitTimeWindow ?? API_KEY_RATE_LIMIT.timeWindowMs) / 1000),
  );
  const max = key.rateLimitMax ?? API_KEY_RATE_LIMIT.maxRequests;
  const answer = await limiter.consume(`api-key|${key.id}`, { window: windowSeconds, max });
  if (answer.allowed) return;
  const retryAfterSeconds = answer.retryAfter ?? windowSeconds;
  throw new AppError(
    'RATE_LIMITED',
    `This API key may make ${max} requests every ${windowSeconds} s; try again in ${retryAfterSeconds} s.`,
    { retryAfterSeconds, limit: max, windowSeconds },
    { retryAfterSeconds },
  );
}

async function membershipRole(db: Database, organizationId: string, userId: string) {
  const [membership] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  return membership?.role;
}

/**
 * Checks a key with the api-key plugin (hash lookup, enabled, expiry, the per-key rate limit) and acts
 * as its agent in its organization. A key whose creator is no longer a member of that organization no
 * longer works. Over the rate limit: AppError RATE_LIMITED with `details.retryAfterSeconds`.
 */
async function actingForApiKey(
  auth: AuthServer,
  { db, apiKeyRequests }: DomainServices,
  key: string,
): Promise<ActingIdentity | null> {
  const answer = (await auth.api.verifyApiKey({ body: { key } }).catch(() => null)) as VerifyAnswer | null;
  if (!answer?.valid || !answer.key) return null;
  const verified = answer.key;
  const metadata = apiKeyMetadataOf(verified.metadata);
  if (!metadata) return null;
  if (!(await membershipRole(db, metadata.organizationId, verified.referenceId))) return null;
  await consumeKeyRequest(apiKeyRequests, verified);
  return {
    organizationId: metadata.organizationId,
    role: API_KEY_ROLE,
    actor: {
      type: 'agent',
      id: verified.id,
      name: metadata.agentName ?? verified.name ?? verified.start ?? 'agent',
    },
    apiKeyId: verified.id,
    ...(metadata.agentName ? { agentName: metadata.agentName } : {}),
    ...(metadata.admin ? { adminKey: true } : {}),
  };
}

/**
 * Who a request acts as, from its headers: an API key (x-api-key, or a Bearer value with the key prefix)
 * acts as the key's agent in the key's organization; otherwise the session (cookie or bearer session
 * token) acts as its user in their active organization. Membership is re-checked on every request, so a
 * removed member (and their keys) lose access at once.
 *
 * Answers null when the request carries no valid credentials (missing, wrong, revoked or expired key;
 * no session): the caller answers 401. Throws AppError NO_ACTIVE_ORGANIZATION (403) for a session with no
 * organization to act in, and RATE_LIMITED (429, `details.retryAfterSeconds`) for a key over its limit.
 */
export async function resolveActingContext(
  auth: AuthServer,
  services: DomainServices,
  headers: Headers,
): Promise<ActingIdentity | null> {
  const acting = await actingIdentity(auth, services, headers);
  // The request's database work is its organization's from here on, whichever of its members and
  // keys sent it: the embedded database serves organizations in turns.
  if (acting) workForOrganization(acting.organizationId);
  return acting;
}

async function actingIdentity(
  auth: AuthServer,
  services: DomainServices,
  headers: Headers,
): Promise<ActingIdentity | null> {
  const key = presentedApiKey(headers);
  if (key !== undefined) return actingForApiKey(auth, services, key);
  const session = await auth.api.getSession({ headers }).catch(() => null);
  if (!session) return null;
  const organizationId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId;
  if (!organizationId) throw new AppError('NO_ACTIVE_ORGANIZATION');
  const role = await membershipRole(services.db, organizationId, session.user.id);
  if (!role) throw new AppError('NO_ACTIVE_ORGANIZATION');
  // The session's organization is shared by every tab; a tab names the one it shows, and a request
  // from a tab left behind by a switch elsewhere is refused rather than acting where nobody looked.
  const shown = headers.get(ORGANIZATION_HEADER)?.trim();
  if (shown && shown !== organizationId) {
    throw new AppError('ORGANIZATION_SWITCHED', undefined, {
      shownOrganizationId: shown,
      activeOrganizationId: organizationId,
    });
  }
  return { organizationId, role, actor: { type: 'user', id: session.user.id, name: session.user.name } };
}

/**
 * Every product route acts in one organization (resolveActingContext): 401 without valid credentials,
 * 429 with Retry-After for a key over its rate limit.
 */
export function requireActingContext(
  auth: AuthServer,
  services: DomainServices,
): MiddlewareHandler<{ Variables: ActingVariables }> {
  return async (c, next) => {
    // '/projects' and '/projects/*' both match /projects: resolve (and count a key's request) once.
    if (c.get('acting')) return next();
    // A key over its limit throws RATE_LIMITED carrying its Retry-After; the error handler sends both.
    const acting = await resolveActingContext(auth, services, c.req.raw.headers);
    if (!acting) {
      throw new AppError(
        'UNAUTHENTICATED',
        presentedApiKey(c.req.raw.headers) === undefined
          ? undefined
          : 'This API key is not valid: it may be mistyped, revoked or expired, or its creator left the organization.',
      );
    }
    c.set('acting', acting);
    await next();
  };
}

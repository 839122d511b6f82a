import { apiKey } from '@better-auth/api-key';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

/** Every key starts with this, so `Authorization: Bearer sb_…` is a key, anything else a session token. */
export const API_KEY_PREFIX = 'sb_';

/**
 * DESIGN §6: better-auth's per-key default (10 requests a day) would stop an agent within a minute.
 * A key may make this many requests per fixed window; the 601st inside one minute gets 429 with
 * Retry-After. Each key stores its own limit (rateLimitMax per rateLimitTimeWindow, set from these on
 * creation); the server enforces it (apps/server auth/acting-context.ts), not the plugin, whose window
 * restarts only after a full quiet minute, so a steady agent would be cut off after its 600th request
 * of the day.
 */
export const API_KEY_RATE_LIMIT = { timeWindowMs: 60_000, maxRequests: 600 } as const;

/** What a key's metadata holds; set by the server on creation, never changed afterwards. */
export interface ApiKeyMetadata {
  organizationId: string;
  /** The agent profile the key acts as, when it has one. */
  agentName?: string;
}

export interface ApiKeyOrganizationOptions {
  /** The agent profile names of an organisation; a key's agentName must be one of them. */
  agentNamesOf?: (organizationId: string) => Promise<string[]>;
}

/** Whether a bearer credential is an API key (they all carry the prefix; session tokens never do). */
export function isApiKeyToken(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}

/** Reads a key's metadata leniently (the plugin stores it as JSON text). */
export function apiKeyMetadataOf(value: unknown): ApiKeyMetadata | null {
  let metadata = value;
  if (typeof metadata === 'string') {
    try {
      metadata = JSON.parse(metadata);
    } catch {
      return null;
    }
  }
  if (typeof metadata !== 'object' || metadata === null) return null;
  const { organizationId, agentName } = metadata as Record<string, unknown>;
  if (typeof organizationId !== 'string' || organizationId === '') return null;
  return typeof agentName === 'string' && agentName !== ''
    ? { organizationId, agentName }
    : { organizationId };
}

/** The api-key plugin as Switchboard configures it. */
export function apiKeys() {
  return apiKey({
    defaultPrefix: API_KEY_PREFIX,
    // 64 random letters ≈ 365 bits; only their SHA-256 is stored.
    defaultKeyLength: 64,
    requireName: true,
    maximumNameLength: 64,
    enableMetadata: true,
    // `sb_` and five characters: enough to tell keys apart, far too little to guess one.
    startingCharactersConfig: { shouldStore: true, charactersLength: 8 },
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
    // The plugin only records the limit on each key; see API_KEY_RATE_LIMIT for who enforces it.
    rateLimit: {
      enabled: false,
      timeWindow: API_KEY_RATE_LIMIT.timeWindowMs,
      maxRequests: API_KEY_RATE_LIMIT.maxRequests,
    },
    // A key never stands in for a browser session: it cannot reach better-auth's account,
    // organisation or key endpoints, only the product API (and MCP), acting as an agent.
    enableSessionForAPIKeys: false,
  });
}

type Row = Record<string, unknown>;
/** The context a hook handler gets (what getSessionFromCtx takes). */
type HookEndpointContext = Parameters<typeof getSessionFromCtx>[0];

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badRequest(code: string, message: string): APIError {
  return APIError.from('BAD_REQUEST', { code, message });
}

const KEY_NOT_FOUND = { code: 'KEY_NOT_FOUND', message: 'API Key not found' };

interface Caller {
  userId: string;
  activeOrganizationId: string | null;
}

/**
 * A session sent as `Authorization: Bearer <session token>` (the CLI's login). Plugins' before-hooks
 * see the request as it arrived, before the bearer plugin turns the token into a cookie, so the hooks
 * resolve it themselves, accepting what the bearer plugin accepts (a signed or a raw token).
 */
async function bearerSessionOf(ctx: HookEndpointContext) {
  const header = ctx.headers?.get('authorization') ?? ctx.request?.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token || isApiKeyToken(token)) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(token).split('.')[0] ?? '';
  } catch {
    return null;
  }
  if (raw === '') return null;
  const found = await ctx.context.internalAdapter.findSession(raw);
  return found && new Date(found.session.expiresAt) > new Date() ? found : null;
}

/** The caller's session, from a cookie or a bearer session token. */
async function sessionOf(ctx: HookEndpointContext) {
  return (
    (await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null)) ??
    (await bearerSessionOf(ctx))
  );
}

/** The signed-in user; for a server-side call without a session, the `userId` it names. */
async function callerOf(ctx: HookEndpointContext): Promise<Caller> {
  const session = await sessionOf(ctx);
  if (session) {
    const activeOrganizationId =
      (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
    return { userId: session.user.id, activeOrganizationId };
  }
  const serverCall = !ctx.request && !ctx.headers;
  const userId = isRecord(ctx.body) ? ctx.body.userId : undefined;
  if (serverCall && typeof userId === 'string' && userId !== '')
    return { userId, activeOrganizationId: null };
  throw APIError.from('UNAUTHORIZED', {
    code: 'UNAUTHORIZED_SESSION',
    message: 'Unauthorized or invalid session',
  });
}

async function isMember(ctx: HookEndpointContext, userId: string, organizationId: string): Promise<boolean> {
  const membership = await ctx.context.adapter.findOne({
    model: 'member',
    where: [
      { field: 'userId', value: userId },
      { field: 'organizationId', value: organizationId },
    ],
  });
  return membership !== null;
}

/** "backend-dev, frontend-dev", or how to make the first one. */
function agentChoices(names: string[]): string {
  return names.length === 0
    ? 'This organisation has no agent profiles yet: an owner or admin creates them under Settings → AI agents (or POST /api/v1/agents).'
    : `Its agents are: ${names.join(', ')}.`;
}

/**
 * Binds keys to organisations (DESIGN §6). On creation the key's metadata becomes
 * {organizationId, agentName?}: the organisation is the creator's active one (or `organizationId` in the
 * body), the creator must be a member of it, and the agent must be one of its profiles. Afterwards the
 * metadata cannot be changed, the list shows only the active organisation's keys, and reading or
 * updating a key of another organisation answers 404. Revoking (delete) works on any key of one's own.
 */
export function apiKeyOrganizations(options: ApiKeyOrganizationOptions = {}): BetterAuthPlugin {
  return {
    id: 'switchboard-api-key-organizations',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/api-key/create',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isRecord(ctx.body) ? ctx.body : {};
            const caller = await callerOf(ctx);
            if (body.prefix !== undefined && body.prefix !== API_KEY_PREFIX) {
              throw badRequest(
                'INVALID_PREFIX',
                `Keys always start with ${API_KEY_PREFIX}; leave prefix out.`,
              );
            }
            const requested = body.metadata ?? {};
            if (!isRecord(requested)) throw badRequest('INVALID_METADATA_TYPE', 'metadata must be an object');
            const unknown = Object.keys(requested).filter((field) => field !== 'agentName');
            if (unknown.length > 0) {
              throw badRequest(
                'INVALID_METADATA',
                `metadata may only name the key's agent (agentName); not ${unknown.join(', ')}.`,
              );
            }
            const organizationId =
              typeof body.organizationId === 'string' && body.organizationId !== ''
                ? body.organizationId
                : caller.activeOrganizationId;
            if (!organizationId) {
              throw badRequest(
                'NO_ACTIVE_ORGANIZATION',
                'Choose an organisation first: a key belongs to one.',
              );
            }
            if (!(await isMember(ctx, caller.userId, organizationId))) {
              throw APIError.from('NOT_FOUND', {
                code: 'ORGANIZATION_NOT_FOUND',
                message: 'Organization not found',
              });
            }
            const metadata: ApiKeyMetadata = { organizationId };
            const agent = requested.agentName;
            if (agent !== undefined && agent !== null && agent !== '') {
              if (typeof agent !== 'string')
                throw badRequest('INVALID_METADATA', 'agentName must be a string.');
              const wanted = agent.trim().toLowerCase();
              const names = (await options.agentNamesOf?.(organizationId)) ?? [];
              if (!names.includes(wanted)) {
                throw badRequest(
                  'AGENT_NOT_FOUND',
                  `There is no agent profile named "${agent}" in this organisation. ${agentChoices(names)}`,
                );
              }
              metadata.agentName = wanted;
            }
            // The endpoint reads this same body object: what it stores is exactly this metadata.
            body.metadata = metadata;
            delete body.organizationId;
            return { context: { body } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/api-key/update',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isRecord(ctx.body) ? ctx.body : {};
            if (body.metadata !== undefined) {
              throw badRequest(
                'METADATA_FIXED',
                "A key's organisation and agent are fixed when it is created; create a new key instead.",
              );
            }
            await requireKeyOfActiveOrganization(ctx, body.keyId);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/api-key/get',
          handler: createAuthMiddleware(async (ctx) => {
            await requireKeyOfActiveOrganization(ctx, isRecord(ctx.query) ? ctx.query.id : undefined);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/api-key/list',
          handler: createAuthMiddleware(async (ctx) => listKeysOfActiveOrganization(ctx)),
        },
      ],
      after: [
        {
          // With the plugin's own limiter off it records rateLimitEnabled: false; the server does
          // enforce the key's limit, and honours this flag, so the new key says so.
          matcher: (ctx) => ctx.path === '/api-key/create',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isRecord(returned) || typeof returned.id !== 'string' || returned.rateLimitEnabled !== false)
              return;
            await ctx.context.adapter.update({
              model: 'apikey',
              where: [{ field: 'id', value: returned.id }],
              update: { rateLimitEnabled: true },
            });
            return ctx.json({ ...returned, rateLimitEnabled: true });
          }),
        },
      ],
    },
  };
}

/** get and update: only a key of one's own, bound to the active organisation (else the plugin's 404). */
async function requireKeyOfActiveOrganization(ctx: HookEndpointContext, keyId: unknown): Promise<void> {
  if (typeof keyId !== 'string' || keyId === '') return; // the endpoint's own validation answers
  const caller = await callerOf(ctx);
  const row = await ctx.context.adapter.findOne<Row>({
    model: 'apikey',
    where: [{ field: 'id', value: keyId }],
  });
  if (!row || row.referenceId !== caller.userId) throw APIError.from('NOT_FOUND', KEY_NOT_FOUND);
  // A server-side call names the user, not an organisation: ownership is what it can check.
  if (caller.activeOrganizationId === null && !ctx.request && !ctx.headers) return;
  if (apiKeyMetadataOf(row.metadata)?.organizationId !== caller.activeOrganizationId) {
    throw APIError.from('NOT_FOUND', KEY_NOT_FOUND);
  }
}

const SORTABLE = new Set(['createdAt', 'updatedAt', 'name', 'expiresAt', 'lastRequest']);

/**
 * The plugin lists every key of the user, whatever its organisation. This answers in its place, in its
 * shape ({apiKeys, total, limit, offset}), with only the keys of the caller's active organisation, newest
 * first unless sortBy says otherwise, and never the hashed key.
 */
async function listKeysOfActiveOrganization(ctx: HookEndpointContext) {
  const session = await sessionOf(ctx);
  if (!session) {
    throw APIError.from('UNAUTHORIZED', {
      code: 'UNAUTHORIZED_SESSION',
      message: 'Unauthorized or invalid session',
    });
  }
  const activeOrganizationId = (session.session as { activeOrganizationId?: string | null })
    .activeOrganizationId;
  const query = isRecord(ctx.query) ? ctx.query : {};
  if (query.organizationId !== undefined && query.organizationId !== activeOrganizationId) {
    throw badRequest(
      'ORGANIZATION_NOT_ACTIVE',
      'The list shows the keys of your active organisation; switch organisation to see another one.',
    );
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

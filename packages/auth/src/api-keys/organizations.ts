import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { authError } from '../shared/errors';
import { type HookContext, isRecord, isServerCall, type Row } from '../shared/hook-context';
import { callerOf } from './caller';
import type { ApiKeyErrorCode } from './error-codes';
import { listKeysOfActiveOrganization } from './list';
import { API_KEY_PREFIX, type ApiKeyMetadata, apiKeyMetadataOf } from './metadata';

export interface ApiKeyOrganizationOptions {
  /** The agent profile names of an organization; a key's agentName must be one of them. @default none */
  agentNamesOf?: (organizationId: string) => Promise<string[]>;
}

const fail = (code: ApiKeyErrorCode, message?: string) => authError(code, message);

/** The caller's role in the organization, or null when not a member. */
async function memberRole(ctx: HookContext, userId: string, organizationId: string): Promise<string | null> {
  const membership = await ctx.context.adapter.findOne<Row>({
    model: 'member',
    where: [
      { field: 'userId', value: userId },
      { field: 'organizationId', value: organizationId },
    ],
  });
  return membership === null ? null : String(membership.role ?? '');
}

/** Who may mark a key admin: the people who may write the organization's settings. */
const ADMIN_KEY_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

/** "backend-dev, frontend-dev", or how to make the first one. */
function agentChoices(names: string[]): string {
  return names.length === 0
    ? 'This organization has no agent profiles yet: an owner or admin creates them under Settings → AI agents (or POST /api/v1/agents).'
    : `Its agents are: ${names.join(', ')}.`;
}

/**
 * Binds keys to organizations. On creation the key's metadata becomes
 * {organizationId, agentName?}: the organization is the creator's active one (or `organizationId` in the
 * body), the creator must be a member of it, and the agent must be one of its profiles. Afterwards the
 * metadata cannot be changed, the list shows only the active organization's keys, and reading or
 * updating a key of another organization answers 404. Revoking (delete) works on any key of one's own.
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
              throw fail('INVALID_PREFIX', `Keys always start with ${API_KEY_PREFIX}; leave prefix out.`);
            }
            const requested = body.metadata ?? {};
            if (!isRecord(requested)) throw fail('INVALID_METADATA_TYPE');
            const unknown = Object.keys(requested).filter(
              (field) => field !== 'agentName' && field !== 'admin',
            );
            if (unknown.length > 0) {
              throw fail(
                'INVALID_METADATA',
                `metadata may only name the key's agent (agentName) and mark it admin; not ${unknown.join(', ')}.`,
              );
            }
            if (requested.admin !== undefined && typeof requested.admin !== 'boolean') {
              throw fail('INVALID_METADATA', 'admin must be true or false.');
            }
            const organizationId =
              typeof body.organizationId === 'string' && body.organizationId !== ''
                ? body.organizationId
                : caller.activeOrganizationId;
            if (!organizationId) {
              throw fail('NO_ACTIVE_ORGANIZATION', 'Choose an organization first: a key belongs to one.');
            }
            const role = await memberRole(ctx, caller.userId, organizationId);
            if (role === null) {
              throw fail('ORGANIZATION_NOT_FOUND');
            }
            const metadata: ApiKeyMetadata = { organizationId };
            if (requested.admin === true) {
              // A role may hold several names ("admin,member"); any of them may grant it.
              if (!role.split(',').some((name) => ADMIN_KEY_ROLES.has(name.trim()))) {
                throw fail('FORBIDDEN', 'Only owners and admins of the organization may create admin keys.');
              }
              metadata.admin = true;
            }
            const agent = requested.agentName;
            if (agent !== undefined && agent !== null && agent !== '') {
              if (typeof agent !== 'string') throw fail('INVALID_METADATA', 'agentName must be a string.');
              const wanted = agent.trim().toLowerCase();
              const names = (await options.agentNamesOf?.(organizationId)) ?? [];
              if (!names.includes(wanted)) {
                throw fail(
                  'AGENT_NOT_FOUND',
                  `There is no agent profile named "${agent}" in this organization. ${agentChoices(names)}`,
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
              throw fail('METADATA_FIXED');
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

/** get and update: only a key of one's own, bound to the active organization (else the plugin's 404). */
async function requireKeyOfActiveOrganization(ctx: HookContext, keyId: unknown): Promise<void> {
  if (typeof keyId !== 'string' || keyId === '') return; // the endpoint's own validation answers
  const caller = await callerOf(ctx);
  const row = await ctx.context.adapter.findOne<Row>({
    model: 'apikey',
    where: [{ field: 'id', value: keyId }],
  });
  if (!row || row.referenceId !== caller.userId) throw fail('KEY_NOT_FOUND');
  // A server-side call names the user, not an organization: ownership is what it can check.
  if (caller.activeOrganizationId === null && isServerCall(ctx)) return;
  if (apiKeyMetadataOf(row.metadata)?.organizationId !== caller.activeOrganizationId)
    throw fail('KEY_NOT_FOUND');
}

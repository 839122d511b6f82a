import { randomBytes } from 'node:crypto';
import { type AuthContext, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { bearer, captcha, genericOAuth, organization } from 'better-auth/plugins';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { accessControl, roles } from './access';
import { apiKeyOrganizations, apiKeys } from './api-keys';
import { deviceLogin } from './device';
import { type GithubProviderOptions, githubProvider } from './github';
import { organizationScope } from './organization-scope';
import { databaseRateLimitStorage } from './rate-limit';
import { authSchema } from './schema';

/** Where better-auth is mounted; the web and CLI clients use the same constant. */
export const AUTH_BASE_PATH = '/api/v1/auth';

/** How long an invitation can be accepted. */
export const INVITATION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;

export {
  DEVICE_CLIENT_IDS,
  DEVICE_CODE_LIFETIME_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  formatUserCode,
  normalizeUserCode,
  USER_CODE_ALPHABET,
  WRONG_CODE_LIMIT,
} from './device';
export type { GithubProviderOptions };
export { databaseRateLimitStorage };

export interface InvitationMessage {
  invitationId: string;
  email: string;
  role: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
}

export interface TurnstileOptions {
  secretKey: string;
  /** Cloudflare's siteverify endpoint, or a stand-in. @default Cloudflare's */
  verifyUrl?: string;
}

export interface AuthServerOptions {
  /** The Drizzle database the server owns (PGlite or node-postgres). */
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>;
  /** Signs session cookies; at least 32 characters. */
  secret: string;
  /** The public origin the API is served from, e.g. http://localhost:3000. */
  baseURL: string;
  /** Origins allowed to make cookie-authenticated requests. @default [baseURL] */
  trustedOrigins?: string[];
  /** Email + password sign-in and sign-up. @default false */
  emailSignIn?: boolean;
  /** GitHub sign-in; omitted = off. */
  github?: GithubProviderOptions;
  /** Bot challenge on email sign-in and sign-up; omitted = off. */
  turnstile?: TurnstileOptions;
  /** Delivers an invitation (mail, or a log line when no mail server is configured). */
  sendInvitation?: (message: InvitationMessage) => Promise<void>;
  /**
   * Proxies (IPs or CIDR ranges) whose X-Forwarded-For entries are believed when telling clients apart
   * (rate limits, session IPs). The HTTP layer must rebuild X-Forwarded-For from the socket address
   * (apps/server http/auth-responses.ts `withClientAddress`), or a client can write its own.
   * @default none
   */
  trustedProxies?: string[];
  /** Sign-in and sign-up attempts allowed per client address per minute. @default 20 */
  signInAttemptsPerMinute?: number;
  /**
   * The agent profile names of an organisation (the server's agent_profile table): an API key created
   * for an agent must name one of them. Omitted = no organisation has agents.
   */
  agentNamesOf?: (organizationId: string) => Promise<string[]>;
  /**
   * The public origin of the web app, where people approve command-line logins
   * (`<appUrl>/auth/cli-verify`). @default baseURL
   */
  appUrl?: string;
}

/**
 * DESIGN §10: sign-in and sign-up are limited per client address, everything else generously. The
 * counters live in the database, so every server process behind a load balancer shares them.
 */
export const RATE_LIMIT_RULES = {
  window: 60,
  max: 600,
  customRules: {
    '/sign-in/*': { window: 60, max: 20 },
    '/sign-up/*': { window: 60, max: 20 },
  },
} as const;

function rateLimitRules(signInAttempts: number = RATE_LIMIT_RULES.customRules['/sign-in/*'].max) {
  return {
    ...RATE_LIMIT_RULES,
    customRules: {
      '/sign-in/*': { window: 60, max: signInAttempts },
      '/sign-up/*': { window: 60, max: signInAttempts },
    },
  };
}

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${base || 'workspace'}-${randomBytes(3).toString('hex')}`;
}

type Adapter = AuthContext['adapter'];

/**
 * better-auth's log lines, as its default logger writes them, minus one: the api-key plugin logs every
 * wrong, revoked or expired key it is shown as an error, though that is the caller's mistake (answered
 * 401) and a client retrying a bad key would flood the log.
 */
function logBetterAuth(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
  if (message.startsWith('Failed to validate API key')) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${message}`;
  if (level === 'error') console.error(line, ...args);
  else if (level === 'warn') console.warn(line, ...args);
  else console.log(line, ...args);
}

/**
 * Spec §4: with no active organisation, the first of the user's organisations becomes active. A user
 * who belongs to none (a new sign-up, by email or GitHub) first gets a personal organisation they own,
 * so the dashboard is never empty. better-auth runs user "after" hooks only once the sign-up
 * transaction is over, after the session exists, which is why this lives in the session hook.
 */
async function firstOrganizationOf(adapter: Adapter, userId: string): Promise<string> {
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

/**
 * Before an account is deleted: organisations where the user is the only member go with it (nobody
 * else could ever reach them again). An organisation the user is the only owner of, but shares with
 * others, stops the deletion: it would be left without anyone allowed to delete it or change roles.
 */
async function releaseOrganizationsOf(adapter: Adapter, userId: string): Promise<void> {
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
      throw APIError.from('CONFLICT', {
        code: 'SOLE_OWNER_OF_SHARED_ORGANIZATION',
        message: `You are the only owner of ${organization?.name ?? 'an organization'}, which has other members: make someone else an owner, or delete it, before deleting your account.`,
      });
    }
  }
  for (const organizationId of alone) {
    // Members, invitations, teams and custom roles follow through the foreign keys' ON DELETE CASCADE.
    await adapter.delete({ model: 'organization', where: [{ field: 'id', value: organizationId }] });
  }
}

/**
 * Builds the better-auth server. It reads nothing from the environment: the server's env.ts decides
 * every option, so tests can build as many independent instances as they like.
 */
export function createAuthServer(options: AuthServerOptions) {
  const organizationOptions = {
    ac: accessControl,
    roles,
    creatorRole: 'owner',
    teams: { enabled: true, allowRemovingAllTeams: true },
    dynamicAccessControl: { enabled: true },
    invitationExpiresIn: INVITATION_LIFETIME_SECONDS,
    cancelPendingInvitationsOnReInvite: true,
    // Email sign-up has no verification step, so requiring a verified address would lock every
    // invitee out. The invitation id is a random UUID sent only to the invited address, and the
    // invitation still has to be accepted from an account with that address.
    requireEmailVerificationOnInvitation: false,
    async sendInvitationEmail(data) {
      await options.sendInvitation?.({
        invitationId: data.id,
        email: data.email,
        role: data.role,
        organizationName: data.organization.name,
        inviterName: data.inviter.user.name,
        inviterEmail: data.inviter.user.email,
      });
    },
  } satisfies Parameters<typeof organization>[0];
  let adapter: Promise<Adapter> | undefined;
  const auth = betterAuth({
    appName: 'Switchboard',
    basePath: AUTH_BASE_PATH,
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins ?? [options.baseURL],
    database: drizzleAdapter(options.database, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    logger: { log: logBetterAuth },
    emailAndPassword: {
      enabled: options.emailSignIn ?? false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          if (!adapter) throw new Error('auth context not ready');
          await releaseOrganizationsOf(await adapter, user.id);
        },
      },
    },
    session: {
      // Absolute lifetime 7 days, refreshed at most daily while in use (ASVS idle + absolute timeouts).
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // better-auth asks for a sign-in younger than a day before listing or revoking sessions, which
      // would lock the account and devices pages after the first day. Deleting the account asks for
      // the password instead (see the before-hook), so freshness spans the session's lifetime.
      freshAge: 60 * 60 * 24 * 7,
    },
    // A GitHub sign-in joins an existing account with the same address only when GitHub has verified
    // that address (and the account's own address is verified): GitHub is deliberately not a trusted
    // provider, or anyone could add someone else's address to their GitHub profile and take over.
    account: { accountLinking: { enabled: true } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      customStorage: databaseRateLimitStorage({ database: options.database }),
      ...rateLimitRules(options.signInAttemptsPerMinute),
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: options.trustedProxies },
    },
    hooks: {
      // Deleting an account needs its password when it has one, not only a recent session: a session
      // cookie left in a shared browser must not be enough to destroy someone's account.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/delete-user') return;
        const body = (ctx.body ?? {}) as { password?: unknown; token?: unknown };
        if (typeof body.password === 'string' && body.password !== '') return;
        if (typeof body.token === 'string' && body.token !== '') return;
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (!session) return;
        const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
        if (credential?.password)
          throw APIError.from('BAD_REQUEST', {
            code: 'PASSWORD_REQUIRED',
            message: 'Enter your password to delete your account.',
          });
      }),
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            if (!context || (session as { activeOrganizationId?: string | null }).activeOrganizationId)
              return;
            const activeOrganizationId = await firstOrganizationOf(context.context.adapter, session.userId);
            return { data: { ...session, activeOrganizationId } };
          },
        },
      },
    },
    plugins: [
      bearer(),
      organization(organizationOptions),
      organizationScope(organizationOptions),
      apiKeys(),
      apiKeyOrganizations({ agentNamesOf: options.agentNamesOf }),
      // `switchboard login` (RFC 8628): the device authorization plugin, configured in device.ts.
      ...deviceLogin({
        database: options.database,
        verificationUri: new URL('/auth/cli-verify', options.appUrl ?? options.baseURL).toString(),
      }),
      ...(options.github ? [genericOAuth({ config: [githubProvider(options.github)] })] : []),
      ...(options.turnstile
        ? [
            captcha({
              provider: 'cloudflare-turnstile',
              secretKey: options.turnstile.secretKey,
              siteVerifyURLOverride: options.turnstile.verifyUrl,
              endpoints: ['/sign-up/email', '/sign-in/email'],
            }),
          ]
        : []),
    ],
  });
  adapter = auth.$context.then((context) => context.adapter as unknown as Adapter);
  return auth;
}

export type AuthServer = ReturnType<typeof createAuthServer>;

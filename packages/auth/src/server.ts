import { randomBytes } from 'node:crypto';
import { type AuthContext, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, captcha, genericOAuth, organization } from 'better-auth/plugins';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { accessControl, roles } from './access';
import { type GithubProviderOptions, githubProvider } from './github';
import { authSchema } from './schema';

/** Where better-auth is mounted; the web and CLI clients use the same constant. */
export const AUTH_BASE_PATH = '/api/v1/auth';

/** How long an invitation can be accepted. */
export const INVITATION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;

export type { GithubProviderOptions };

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
 * Builds the better-auth server. It reads nothing from the environment: the server's env.ts decides
 * every option, so tests can build as many independent instances as they like.
 */
export function createAuthServer(options: AuthServerOptions) {
  return betterAuth({
    appName: 'Switchboard',
    basePath: AUTH_BASE_PATH,
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins ?? [options.baseURL],
    database: drizzleAdapter(options.database, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: options.emailSignIn ?? false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: { deleteUser: { enabled: true } },
    session: {
      // Absolute lifetime 7 days, refreshed at most daily while in use (ASVS idle + absolute timeouts).
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['github'] } },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
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
      organization({
        ac: accessControl,
        roles,
        creatorRole: 'owner',
        teams: { enabled: true, allowRemovingAllTeams: true },
        dynamicAccessControl: { enabled: true },
        invitationExpiresIn: INVITATION_LIFETIME_SECONDS,
        cancelPendingInvitationsOnReInvite: true,
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
}

export type AuthServer = ReturnType<typeof createAuthServer>;

import { type AuthContext, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { accessChanges } from './access-changes';
import { accountDeletion, releaseOrganizationsOf } from './account';
import {
  type EmailChangeMessage,
  emailChangeGuard,
  emailChangeOptions,
  type PasswordResetMessage,
  passwordResetOptions,
} from './account/recovery';
import { testPasswordHashing } from './account/test-password-hashing';
import { apiKeyOrganizations, apiKeys, revokeKeysOnDeparture } from './api-keys';
import { type BillingAuthOptions, billing } from './billing';
import { deviceLogin } from './device';
import { type GithubProviderOptions, githubProvider } from './github';
import { inputLimits } from './input-limits';
import { firstOrganizationOf, type InvitationMessage, organizations } from './organization';
import { databaseRateLimitStorage, rateLimitRules } from './rate-limit';
import { authSchema } from './schema';
import { activeOrganizationIdOf } from './shared/hook-context';
import { logBetterAuth, onUnexpectedAuthError } from './shared/logger';
import { type SignInFailureLimitOptions, signInFailureLimit } from './sign-in-limit';
import { signUpRace } from './sign-up-race';
import { type TurnstileOptions, turnstile } from './turnstile';

export type { EmailChangeMessage, PasswordResetMessage } from './account/recovery';
export { type BillingAuthApi, billingApiOf } from './billing';
export { DEVICE_CODE_LIFETIME_SECONDS, USER_CODE_ALPHABET, WRONG_CODE_LIMIT } from './device';
export type { InvitationMessage } from './organization';
export { databaseRateLimitStorage, RATE_LIMIT_RULES } from './rate-limit';
export {
  accountKey as signInFailureKey,
  addressKey as signInAddressKey,
  delayAfterFailures,
  KNOWN_DEVICE_COOKIE,
  SIGN_IN_BACKOFF,
  type SignInAttackNotice,
} from './sign-in-limit';
export type { BillingAuthOptions, GithubProviderOptions, TurnstileOptions };

/** Where better-auth is mounted; the web and CLI clients use the same constant. */
import { AUTH_BASE_PATH } from '@switchboard/api-client/paths';

export { AUTH_BASE_PATH };

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
  /** The product's name, shown by authenticator apps beside the account. @default Switchboard */
  brandName?: string;
  /** Email + password sign-in and sign-up. @default false */
  emailSignIn?: boolean;
  /** GitHub sign-in; omitted = off. */
  github?: GithubProviderOptions;
  /** Organization subscriptions through Stripe; omitted = billing off (a self-hosted installation). */
  billing?: BillingAuthOptions;
  /** Bot challenge on email sign-in and sign-up; omitted = off. */
  turnstile?: TurnstileOptions;
  /** Delivers an invitation (mail, or a log line when no mail server is configured). */
  sendInvitation?: (message: InvitationMessage) => Promise<void>;
  /** Delivers a password reset link; omitted = no password reset. */
  sendPasswordReset?: (message: PasswordResetMessage) => Promise<void>;
  /** Delivers the links that confirm an e-mail change; omitted = addresses cannot be changed. */
  sendEmailChange?: (message: EmailChangeMessage) => Promise<void>;
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
   * How failed email sign-ins are slowed (free failures per account and address, growing waits), the
   * clock it reads, and how an account's owner is told their password is being guessed.
   * @default SIGN_IN_BACKOFF, Date.now, nobody told
   */
  signInFailures?: Omit<SignInFailureLimitOptions, 'database'>;
  /**
   * The agent profile names of an organization (the server's agent_profile table): an API key created
   * for an agent must name one of them. Omitted = no organization has agents.
   */
  agentNamesOf?: (organizationId: string) => Promise<string[]>;
  /**
   * Called after a key is deleted, a session revoked, a member removed and the like, so the server can
   * end that caller's open streams at once. @default none
   */
  onAccessChange?: () => void;
  /** Called with the invited address after an invitation is sent, cancelled, accepted or declined. */
  onInvitationChange?: (email: string) => void;
  /**
   * The public origin of the web app, where people approve command-line logins
   * (`<appUrl>/auth/cli-verify`). @default baseURL
   */
  appUrl?: string;
  /**
   * The device-login polling interval clients are told to keep, in whole seconds. For tests only (the
   * server refuses it in production). @default 5
   */
  devicePollIntervalSeconds?: number;
  /**
   * Hash passwords with a cheap test-only scrypt instead of better-auth's costly one. For test servers
   * only (the server refuses it in production). @default false
   */
  testPasswordHashing?: boolean;
}

type Adapter = AuthContext['adapter'];

/**
 * Builds the better-auth server. It reads nothing from the environment: the server's env.ts decides
 * every option, so tests can build as many independent instances as they like.
 */
export function createAuthServer(options: AuthServerOptions) {
  let adapter: Promise<Adapter> | undefined;
  const appUrl = options.appUrl ?? options.baseURL;
  const emailChange = emailChangeOptions(options);
  const auth = betterAuth({
    appName: 'Switchboard',
    basePath: AUTH_BASE_PATH,
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins ?? [options.baseURL],
    database: drizzleAdapter(options.database, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    logger: { log: logBetterAuth },
    onAPIError: { onError: onUnexpectedAuthError },
    emailAndPassword: {
      enabled: options.emailSignIn ?? false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(options.testPasswordHashing ? { password: testPasswordHashing } : {}),
      ...passwordResetOptions(options, new URL('/auth/reset-password', appUrl).toString()),
    },
    emailVerification: emailChange.emailVerification,
    user: {
      ...emailChange.user,
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
      // the password instead (see accountDeletion), so freshness spans the session's lifetime.
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
    databaseHooks: {
      session: {
        create: {
          // With no active organization, the first of the user's organizations becomes active.
          before: async (session, context) => {
            if (!context || activeOrganizationIdOf(session)) return;
            const activeOrganizationId = await firstOrganizationOf(context.context.adapter, session.userId);
            return { data: { ...session, activeOrganizationId } };
          },
        },
      },
    },
    plugins: [
      bearer(),
      // Before every hook that reads a field, so none of them sees an over-long one.
      inputLimits(),
      // Two-factor sign-in (TOTP and recovery codes). Before the sign-in limit: its after-hook turns a
      // password sign-in of an account with 2FA into a challenge, so the limit sees no session yet.
      twoFactor({ issuer: options.brandName ?? 'Switchboard' }),
      signInFailureLimit({ database: options.database, ...options.signInFailures }),
      signUpRace(),
      accountDeletion(),
      emailChangeGuard(),
      ...organizations({
        sendInvitation: options.sendInvitation,
        onInvitationChange: options.onInvitationChange,
      }),
      apiKeys(),
      apiKeyOrganizations({ agentNamesOf: options.agentNamesOf }),
      revokeKeysOnDeparture(),
      // `switchboard login` (RFC 8628): the device authorization plugin and our guard in front of it.
      ...deviceLogin({
        database: options.database,
        verificationUri: new URL('/auth/cli-verify', appUrl).toString(),
        pollIntervalSeconds: options.devicePollIntervalSeconds,
      }),
      ...(options.github ? [genericOAuth({ config: [githubProvider(options.github)] })] : []),
      ...(options.turnstile ? [turnstile(options.turnstile)] : []),
      ...(options.billing ? billing(options.billing) : []),
      accessChanges({ onAccessChange: options.onAccessChange ?? (() => undefined) }),
    ],
  });
  adapter = auth.$context.then((context) => context.adapter as unknown as Adapter);
  return auth;
}

export type AuthServer = ReturnType<typeof createAuthServer>;

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { authSchema } from './schema';

/** Where better-auth is mounted; the web and CLI clients use the same constant. */
export const AUTH_BASE_PATH = '/api/v1/auth';

export interface GithubProviderOptions {
  clientId: string;
  clientSecret: string;
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
    socialProviders: options.github
      ? { github: { clientId: options.github.clientId, clientSecret: options.github.clientSecret } }
      : {},
    session: {
      // Absolute lifetime 7 days, refreshed at most daily while in use (ASVS idle + absolute timeouts).
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [bearer()],
  });
}

export type AuthServer = ReturnType<typeof createAuthServer>;

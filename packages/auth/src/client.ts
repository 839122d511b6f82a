import { apiKeyClient } from '@better-auth/api-key/client';
/** Where the server mounts better-auth; the client must match it exactly. */
import { AUTH_BASE_PATH } from '@switchboard/api-client/paths';
import { organizationClient } from 'better-auth/client/plugins';
import { createAuthClient as createBetterAuthReactClient } from 'better-auth/react';
import { accessControl, roles } from './access';

export { AUTH_BASE_PATH };

export interface AuthClientOptions {
  /** Origin of the API, e.g. `https://switchboard.example.com`. No default: the caller decides. */
  baseURL: string;
  /** How requests go out; tests pass a recorder. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * Builds the browser's better-auth client. It never reads the environment: the web app passes the
 * API origin it got from GET /api/v1/config.
 */
export function createAuthClient({ baseURL, fetch }: AuthClientOptions) {
  let origin: string;
  try {
    origin = new URL(baseURL).origin;
  } catch {
    throw new Error('Invalid base URL');
  }
  return createBetterAuthReactClient({
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    ...(fetch ? { fetchOptions: { customFetchImpl: fetch } } : {}),
    plugins: [
      // The same roles the server enforces, so the web can hide what a role cannot do.
      // GitHub is one of the server's genericOAuth providers; better-auth 1.7 serves those through the
      // core signIn.social call (there is no separate generic OAuth client plugin in this version).
      organizationClient({
        ac: accessControl,
        roles,
        teams: { enabled: true },
        dynamicAccessControl: { enabled: true },
      }),
      // API keys: create, list, update and revoke under /api/v1/auth/api-key/*.
      apiKeyClient(),
    ],
  });
}

export type AuthClient = ReturnType<typeof createAuthClient>;
export type AuthSession = AuthClient['$Infer']['Session'];

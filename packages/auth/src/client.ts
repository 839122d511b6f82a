import { createAuthClient as createBetterAuthReactClient } from 'better-auth/react';

/** Where the server mounts better-auth (DESIGN §5); the client must match it exactly. */
export const AUTH_BASE_PATH = '/api/v1/auth';

export interface AuthClientOptions {
  /** Origin of the API, e.g. `https://switchboard.example.com`. No default: the caller decides. */
  baseURL: string;
}

/**
 * Builds the browser's better-auth client. It never reads the environment: the web app passes the
 * API origin it got from GET /api/v1/config. Organisation and device plugins join in later issues.
 */
export function createAuthClient({ baseURL }: AuthClientOptions) {
  let origin: string;
  try {
    origin = new URL(baseURL).origin;
  } catch {
    throw new Error('Invalid base URL');
  }
  return createBetterAuthReactClient({ baseURL: origin, basePath: AUTH_BASE_PATH });
}

export type AuthClient = ReturnType<typeof createAuthClient>;
export type AuthSession = AuthClient['$Infer']['Session'];

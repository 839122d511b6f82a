import type { ApiClient } from '@switchboard/api-client';
import { ApiError, type ErrorCode, isErrorCode } from '@switchboard/api-client/errors';
import * as z from 'zod';
import { AuthError, UsageError } from './exit-codes';
import { serverMessageOf } from './server-message';

// better-auth's own endpoints under /api/v1/auth: not part of our REST contract (they answer in
// better-auth's `{ code, message }` or OAuth's `{ error }` shape, with no registry code), so every
// call the CLI makes to them lives in this one module, with the schemas of their answers.

/** The OAuth client id the CLI's device logins use (the server accepts only known ones). */
export const CLI_CLIENT_ID = 'switchboard-cli';

/** What POST /device/code answers: the OAuth device flow's codes, link and timing. */
export const deviceCodeSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string(),
  verification_uri_complete: z.string().optional(),
  expires_in: z.number().int().positive(),
  interval: z.number().int().positive().default(5),
});
export type DeviceCode = z.infer<typeof deviceCodeSchema>;

/** The device flow's successful token answer (better-auth issues a bearer session token). */
export const deviceTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().optional(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

const sessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      activeOrganizationId: z.string().nullable().optional(),
      createdAt: z.coerce.date(),
      expiresAt: z.coerce.date(),
    }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .nullable();
export type SessionInfo = NonNullable<z.infer<typeof sessionSchema>>;

export const organizationSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type Organization = z.infer<typeof organizationSchema>;

const createdKeySchema = z.object({ id: z.string(), key: z.string().min(1), name: z.string().nullable() });
export type CreatedApiKey = z.infer<typeof createdKeySchema>;

/** better-auth's own error answer: `{ code, message }` at the top level, not under `error`. */
function betterAuthErrorOf(error: ApiError): { code: ErrorCode | undefined; message: string } {
  const body = error.body;
  if (typeof body !== 'object' || body === null) return { code: undefined, message: serverMessageOf(error) };
  const code = 'code' in body && isErrorCode(body.code) ? body.code : undefined;
  return { code, message: serverMessageOf(error) };
}

/**
 * A login better-auth no longer accepts becomes the CLI's "log in again" (exit 3) with better-auth's
 * words. Its session check answers UNAUTHORIZED_SESSION, or a 401 with no code at all, which is why
 * the status counts here, for this one foreign shape.
 */
async function asCaller<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { code, message } = betterAuthErrorOf(error);
    if (code === 'UNAUTHORIZED_SESSION' || (code === undefined && error.status === 401)) {
      throw new AuthError(`${message}: run \`switchboard login\`.`, { cause: error });
    }
    throw error;
  }
}

export function requestDeviceCode(auth: ApiClient, deviceName: string): Promise<DeviceCode> {
  return auth.post('/device/code', {
    body: { client_id: CLI_CLIENT_ID, device_name: deviceName },
    schema: deviceCodeSchema,
  });
}

/** One poll of POST /device/token; the OAuth errors (authorization_pending …) come back as ApiErrors. */
export function requestDeviceToken(
  auth: ApiClient,
  deviceCode: string,
  signal: AbortSignal | undefined,
): Promise<DeviceToken> {
  return auth.post('/device/token', {
    body: {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: deviceCode,
      client_id: CLI_CLIENT_ID,
    },
    schema: deviceTokenSchema,
    signal,
  });
}

/** The OAuth error code of a device-endpoint failure ({error, error_description}), if it has one. */
export function oauthErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : undefined;
}

/** GET /get-session: who a token belongs to, or null when it is unknown, revoked or expired. */
export async function fetchSession(auth: ApiClient): Promise<SessionInfo | null> {
  // An unknown bearer token answers 200 with null; an empty body reads as undefined.
  return (await auth.get('/get-session', { schema: sessionSchema.optional() })) ?? null;
}

export function listOrganizations(auth: ApiClient): Promise<Organization[]> {
  return asCaller(auth.get('/organization/list', { schema: z.array(organizationSchema) }));
}

/** Makes an organization the active one of this login's session (the browser's stays where it is). */
export async function setActiveOrganization(auth: ApiClient, organizationId: string): Promise<void> {
  await asCaller(auth.post('/organization/set-active', { body: { organizationId } }));
}

/**
 * Ends the session the client's token belongs to. 'already-ended' when the server no longer knew it
 * (revoked on the web, or expired): better-auth answers 400 or 401 then, and there is nothing to revoke.
 */
export async function signOut(auth: ApiClient): Promise<'signed-out' | 'already-ended'> {
  try {
    await auth.post('/sign-out', { body: {} });
    return 'signed-out';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return 'already-ended';
    throw error;
  }
}

/** POST /api-key/create with the login's token: a key of the active organization, optionally as an agent. */
export async function createApiKey(
  auth: ApiClient,
  options: { name: string; agentName: string | undefined },
): Promise<CreatedApiKey> {
  try {
    return await asCaller(
      auth.post('/api-key/create', {
        body: {
          name: options.name,
          ...(options.agentName ? { metadata: { agentName: options.agentName } } : {}),
        },
        schema: createdKeySchema,
      }),
    );
  } catch (error) {
    // An agent name the organization has no profile for is a mistake on the command line (exit 2);
    // the server's words list the names it has.
    if (error instanceof ApiError && betterAuthErrorOf(error).code === 'AGENT_NOT_FOUND') {
      throw new UsageError(`--agent: ${betterAuthErrorOf(error).message}`, { cause: error });
    }
    throw error;
  }
}

import type { AuthClient } from '@switchboard/auth/client';
import { queryOptions } from '@tanstack/react-query';
import { tryAgainWords } from '../../lib/error-messages';

/**
 * Command-line logins (RFC 8628) as the web sees them: the verify page's lookup of a code, the approve
 * and deny calls, and how CLI sessions are told apart on the connected-devices page. The server side
 * is better-auth's device authorization plugin as packages/auth device.ts configures it.
 */

/** 8 letters shown as BCDF-GHJK; people may type them in any case, with or without the dash. */
export function formatUserCode(code: string): string {
  const plain = code.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : code.trim();
}

/**
 * A code typed by hand, as XXXX-XXXX: case, dashes and spaces do not matter. Undefined unless it has
 * the 8 letters of a code, so the page does not spend one of the limited wrong entries on a typo.
 */
export function parseUserCode(input: string): string | undefined {
  const plain = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(plain) ? formatUserCode(plain) : undefined;
}

/**
 * The code a verification address carries: `code`, or `user_code` as RFC 8628 clients fill it in.
 * Search values arrive parsed as JSON, so a code of digits is a number. Never throws: without a code
 * the page asks for one.
 */
export function userCodeFromSearch(search: Record<string, unknown>): string | undefined {
  for (const value of [search.code, search.user_code]) {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return undefined;
}

/** What people call the clients that may ask (the server accepts only these client ids). */
export const CLIENT_NAMES: Record<string, string> = { 'switchboard-cli': 'Switchboard CLI' };

export const clientName = (clientId: string | undefined) =>
  (clientId && CLIENT_NAMES[clientId]) ?? clientId ?? 'An unknown client';

/** What GET /device answers the signed-in owner of a code. */
interface DeviceLookupBody {
  user_code?: string;
  status?: string;
  client_id?: string;
  device_name?: string | null;
  expires_at?: string;
}

export type DeviceRequest =
  | {
      state: 'pending' | 'approved' | 'denied';
      userCode: string;
      clientId: string | undefined;
      deviceName: string | undefined;
      expiresAt: Date | undefined;
    }
  /** No such code, or it belongs to a login someone else (another account) is approving. */
  | { state: 'invalid' }
  | { state: 'expired' }
  | { state: 'rate-limited'; message: string };

/** The error better-auth's client hands back: its status and the device endpoints' RFC fields. */
export interface DeviceCallError {
  status?: number;
  error?: string;
  code?: string;
  message?: string;
  /** With a 429: how long to wait, as the body carries it beside Retry-After. */
  retryAfterSeconds?: number;
}

/** A failed device call that the page has words for, or undefined for a real failure. */
export function classifyDeviceError(error: DeviceCallError): DeviceRequest | undefined {
  if (error.status === 429) {
    return {
      state: 'rate-limited',
      message: error.message ?? `Too many wrong codes. ${tryAgainWords(error.retryAfterSeconds)}`,
    };
  }
  if (error.error === 'expired_token') return { state: 'expired' };
  if (error.error === 'invalid_request' || error.error === 'access_denied' || error.status === 403) {
    return { state: 'invalid' };
  }
  return undefined;
}

export class DeviceLoginError extends Error {
  override name = 'DeviceLoginError';
  readonly status: number | undefined;
  constructor(error: DeviceCallError) {
    super(error.message ?? 'The login request could not be loaded.');
    this.status = error.status;
  }
}

export const deviceKeys = {
  request: (code: string) => ['auth', 'device', formatUserCode(code)] as const,
};

/**
 * GET /device?user_code=: looking a code up while signed in also claims it for this account (only its
 * owner can approve it), which is why the page asks as soon as it opens. Not retried: the same code
 * gives the same answer, and wrong codes count towards a limit.
 */
export const deviceRequestQueryOptions = (authClient: AuthClient, code: string) =>
  queryOptions({
    queryKey: deviceKeys.request(code),
    queryFn: async (): Promise<DeviceRequest> => {
      const { data, error } = await authClient.$fetch<DeviceLookupBody>('/device', {
        method: 'GET',
        query: { user_code: formatUserCode(code) },
      });
      if (error) {
        const known = classifyDeviceError(error as DeviceCallError);
        if (known) return known;
        throw new DeviceLoginError(error as DeviceCallError);
      }
      // Someone else claimed the code first: this account may not see or approve it.
      if (!data?.client_id) return { state: 'invalid' };
      const state = data.status === 'approved' || data.status === 'denied' ? data.status : 'pending';
      return {
        state,
        userCode: formatUserCode(data.user_code ?? code),
        clientId: data.client_id,
        deviceName: data.device_name ?? undefined,
        expiresAt: data.expires_at ? new Date(data.expires_at) : undefined,
      };
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** POST /device/approve or /device/deny: 'approved' / 'denied', or the state an error means. */
export async function decideDeviceLogin(
  authClient: AuthClient,
  code: string,
  decision: 'approve' | 'deny',
): Promise<'approved' | 'denied' | DeviceRequest> {
  const { error } = await authClient.$fetch(`/device/${decision}`, {
    method: 'POST',
    body: { userCode: formatUserCode(code) },
  });
  if (!error) return decision === 'approve' ? 'approved' : 'denied';
  const known = classifyDeviceError(error as DeviceCallError);
  if (known) return known;
  throw new DeviceLoginError(error as DeviceCallError);
}

/** The request after a decision: the same request in its new state, or what the error said. */
export function afterDecision(
  current: DeviceRequest | undefined,
  outcome: 'approved' | 'denied' | DeviceRequest,
): DeviceRequest | undefined {
  if (typeof outcome !== 'string') return outcome;
  return current && 'userCode' in current ? { ...current, state: outcome } : current;
}

/** A session the device flow created: its user agent names the CLI (see packages/auth device.ts). */
export interface DeviceSessionInfo {
  client: string;
  version: string | undefined;
  deviceName: string;
  platform: string | undefined;
}

const DEVICE_AGENT = /^([a-z0-9][a-z0-9-]*-cli)\/(\S+)(?: \(([^)]*)\))?/i;

/**
 * `switchboard-cli/0.1.0 (ada-laptop; linux x64; node v20.19.0)` → Switchboard CLI 0.1.0 on
 * ada-laptop (linux x64). Undefined for browsers and anything else.
 */
export function parseDeviceUserAgent(userAgent: string | null | undefined): DeviceSessionInfo | undefined {
  const match = DEVICE_AGENT.exec((userAgent ?? '').trim());
  if (!match) return undefined;
  const [, clientId = '', version, details = ''] = match;
  const [name, platform] = details.split(';').map((part) => part.trim());
  return {
    client: clientName(clientId.toLowerCase()),
    version: version === 'unknown' ? undefined : version,
    deviceName: name || 'Unnamed device',
    platform: platform || undefined,
  };
}

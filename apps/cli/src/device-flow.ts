import type { ApiClient } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client/errors';
import { type DeviceCode, type DeviceToken, oauthErrorOf, requestDeviceToken } from './better-auth';
import { AuthError, CliError } from './exit-codes';

/** What the OAuth device flow tells a client to add to its interval for every slow_down. */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** A network hiccup is retried this many times in a row before the login gives up. */
const MAX_CONSECUTIVE_FAILURES = 5;

/** BCDFGHJK → BCDF-GHJK. */
export function formatUserCode(code: string): string {
  const plain = code.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : code;
}

/**
 * Where the web app the login is approved on lives, for a CLI talking to `server` (the API URL it was
 * given). The server's public config names its web app, but only knows itself by the addresses it was
 * configured with: when the API URL it reports is the one the CLI was given, its web app address is
 * trusted (a web app on its own origin, as in development); otherwise the server is reached by an
 * address it does not know (another host name, a port mapping, a default never set), and its web app
 * is the one it serves itself, on the address the CLI was given.
 */
export function webAppOrigin(
  server: string,
  reported: { apiUrl: string; appUrl: string } | undefined,
): string {
  const given = new URL(server).origin;
  if (!reported) return given;
  try {
    return new URL(reported.apiUrl).origin === given ? new URL(reported.appUrl).origin : given;
  } catch {
    return given;
  }
}

/** The page the user approves on: the web app's /auth/cli-verify with the code filled in. */
export function verificationUrl(appUrl: string, userCode: string): string {
  const url = new URL('/auth/cli-verify', appUrl);
  url.searchParams.set('code', formatUserCode(userCode));
  return url.toString();
}

export interface PollOptions {
  /** Waits; tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
  /** @default Date.now */
  now?: () => number;
  /** Told each time the interval grows, e.g. to say so. */
  onSlowDown?: (intervalSeconds: number) => void;
  signal?: AbortSignal;
}

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Polls for the device token until the login is approved, the OAuth device flow's way: at the
 * server's interval, 5 s more after every slow_down, for as long as the code lives. Denial and expiry
 * end it with an AuthError (exit 3) that says what happened.
 */
export async function pollForToken(
  auth: ApiClient,
  code: DeviceCode,
  options: PollOptions = {},
): Promise<DeviceToken> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => realSleep(ms, options.signal));
  const deadline = now() + code.expires_in * 1000;
  let interval = code.interval;
  let failures = 0;
  for (;;) {
    await sleep(interval * 1000);
    if (now() >= deadline) throw expired();
    try {
      return await requestDeviceToken(auth, code.device_code, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const oauthError = oauthErrorOf(error);
      if (oauthError === 'authorization_pending') {
        failures = 0;
        continue;
      }
      if (oauthError === 'slow_down') {
        failures = 0;
        interval += SLOW_DOWN_STEP_SECONDS;
        options.onSlowDown?.(interval);
        continue;
      }
      if (oauthError === 'access_denied') {
        throw new AuthError('The login was denied in the browser. Nothing was stored.');
      }
      if (oauthError === 'expired_token') throw expired();
      if (oauthError === 'invalid_grant') {
        throw new AuthError('The server no longer knows this login code. Run `switchboard login` again.');
      }
      // The server or the network stumbled: try again at the next interval, a few times.
      const transient = error instanceof ApiError && (error.status >= 500 || error.status === 429);
      failures += 1;
      if (!transient || failures >= MAX_CONSECUTIVE_FAILURES) {
        throw error instanceof ApiError ? error : new CliError(String(error));
      }
    }
  }
}

function expired(): AuthError {
  return new AuthError('The login code expired before it was approved. Run `switchboard login` again.');
}

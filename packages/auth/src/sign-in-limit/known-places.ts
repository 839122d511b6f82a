import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The cookie a browser gets when an account signs in with it; it lets that account past the backoff. */
export const KNOWN_DEVICE_COOKIE = 'switchboard.known_device';
/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_DAYS = 180;
/** Accounts one browser is remembered for (a shared computer, a person with two accounts). */
const MAX_ACCOUNTS_PER_DEVICE = 5;

/** The same address however it is typed. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What a known browser carries for one account: an HMAC of its address under the server's secret, so
 * the cookie neither names the account nor can be made without the secret.
 */
export function deviceToken(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`known-device:${normalizedEmail(email)}`)
    .digest('base64url')
    .slice(0, 27);
}

function tokensIn(cookie: string | null | undefined): string[] {
  return (cookie ?? '').split('.').filter((token) => /^[\w-]{27}$/.test(token));
}

/** Whether the cookie's value shows this browser signed in to `email`'s account before. */
export function isKnownDevice(cookie: string | null | undefined, secret: string, email: string): boolean {
  const wanted = Buffer.from(deviceToken(secret, email));
  return tokensIn(cookie).some((token) => timingSafeEqual(Buffer.from(token), wanted));
}

/** The cookie's new value once `email` has signed in with it: that account first, the oldest dropped. */
export function rememberDevice(cookie: string | null | undefined, secret: string, email: string): string {
  const token = deviceToken(secret, email);
  const others = tokensIn(cookie).filter((each) => each !== token);
  return [token, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE).join('.');
}

/**
 * Whether `address` is one the account of `email` holds a session from: the owner signed in from
 * there, and has not signed out of it since.
 */
export async function isKnownAddress(
  // biome-ignore lint/suspicious/noExplicitAny: both Drizzle drivers share PgDatabase; their row types differ.
  database: PgDatabase<PgQueryResultHKT, any>,
  email: string,
  address: string | null,
): Promise<boolean> {
  if (!address) return false;
  const found = (await database.execute(sql`
    select 1 from session join "user" on "user".id = session.user_id
    where "user".email = ${normalizedEmail(email)} and session.ip_address = ${address}
    limit 1`)) as { rows: unknown[] };
  return found.rows.length > 0;
}

import { randomInt } from 'node:crypto';

/**
 * Command-line login (RFC 8628 device authorization), stricter than better-auth's defaults: codes live
 * 15 minutes instead of 30, user codes come from an alphabet without vowels or look-alike characters,
 * slow_down really slows a client down, and wrong codes typed on the verification page are limited.
 */

/** Base-20 consonants (RFC 8628 §6.1): no vowels (no words), no 0/O or 1/I/L confusion. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** 8 characters of base 20 ≈ 34.5 bits, shown as XXXX-XXXX. */
export const USER_CODE_LENGTH = 8;
/** How long a code can be approved and polled. RFC 8628 leaves it to the server; GitHub uses 900 s. */
export const DEVICE_CODE_LIFETIME_SECONDS = 15 * 60;
/** The polling interval a client is told to keep (RFC 8628 default). */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/** What every slow_down adds to the interval the server enforces for that code (RFC 8628 §3.5). */
export const DEVICE_SLOW_DOWN_STEP_SECONDS = 5;
/** The interval never grows past this, however often a client polls too early. */
export const DEVICE_MAX_POLL_INTERVAL_SECONDS = 60;
/** The clients allowed to start a device login. */
export const DEVICE_CLIENT_IDS = ['switchboard-cli'] as const;
/** Longest device name a client may send (its host name, usually); longer names are cut. */
export const DEVICE_NAME_MAX_LENGTH = 64;

/**
 * Wrong user codes typed on the verification page (GET /device, approve, deny). After this many within
 * the window, every entry from that account or address is refused with 429 until the window ends, so
 * guessing someone's pending code (34 bits) is hopeless.
 */
export const WRONG_CODE_LIMIT = { windowSeconds: 15 * 60, perUser: 10, perAddress: 30 } as const;

/** A fresh user code, uniformly over the alphabet (randomInt has no modulo bias). */
export function generateUserCode(): string {
  let code = '';
  for (let index = 0; index < USER_CODE_LENGTH; index++)
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored: case and dashes, spaces or other separators do not matter. */
export function normalizeUserCode(input: string): string {
  return input.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
}

/** Control characters and surrounding space removed, cut to DEVICE_NAME_MAX_LENGTH. */
export function cleanDeviceName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return cleaned === '' ? undefined : cleaned.slice(0, DEVICE_NAME_MAX_LENGTH).trim();
}

import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/**
 * Whether X-Hub-Signature-256 is the HMAC-SHA256 of the exact bytes received under `secret`. The
 * comparison takes the same time wherever the first difference is, so the answer's timing tells a
 * forger nothing about how close a guess came.
 */
export function signatureMatches(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header GitHub would send for `body`: for tests and the docs' example. */
export function signatureOf(secret: string, body: string | Uint8Array): string {
  return `${PREFIX}${createHmac('sha256', secret).update(body).digest('hex')}`;
}

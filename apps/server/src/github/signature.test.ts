import { describe, expect, it } from 'vitest';
import { signatureMatches, signatureOf } from './signature';

const body = new TextEncoder().encode('{"zen":"Keep it logically awesome."}');

describe('webhook signatures', () => {
  it('accepts the HMAC-SHA256 of the exact body under the secret', () => {
    expect(signatureMatches('s3cret', body, signatureOf('s3cret', body))).toBe(true);
  });

  it('refuses another secret, another body, another algorithm, a cut signature or none', () => {
    const good = signatureOf('s3cret', body);
    expect(signatureMatches('other', body, good)).toBe(false);
    expect(signatureMatches('s3cret', new TextEncoder().encode('{}'), good)).toBe(false);
    expect(signatureMatches('s3cret', body, good.replace('sha256=', 'sha1='))).toBe(false);
    expect(signatureMatches('s3cret', body, good.slice(0, -2))).toBe(false);
    expect(signatureMatches('s3cret', body, 'sha256=not-hex')).toBe(false);
    expect(signatureMatches('s3cret', body, undefined)).toBe(false);
  });
});

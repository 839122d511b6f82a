import { describe, expect, it } from 'vitest';
import { totpCode, totpSecretOf } from './totp';

describe('totpCode', () => {
  it('matches the RFC 6238 test vectors (SHA-1, last six digits)', () => {
    const key = Buffer.from('12345678901234567890');
    expect(totpCode(key, 59_000)).toBe('287082');
    expect(totpCode(key, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(key, 2_000_000_000_000)).toBe('279037');
  });

  it('reads the key from an otpauth URI', () => {
    const uri = 'otpauth://totp/Switchboard:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Switchboard';
    expect(totpSecretOf(uri).toString()).toBe('12345678901234567890');
  });
});

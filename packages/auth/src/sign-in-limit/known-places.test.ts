import { describe, expect, it } from 'vitest';
import { deviceToken, isKnownDevice, rememberDevice } from './known-places';

const SECRET = 'a secret of at least thirty-two characters';

describe('known-device cookie', () => {
  it('knows a browser for the accounts that signed in with it, however the address is typed', () => {
    const cookie = rememberDevice(undefined, SECRET, 'Ada@Example.com');
    expect(isKnownDevice(cookie, SECRET, '  ada@example.COM ')).toBe(true);
    expect(isKnownDevice(cookie, SECRET, 'bob@example.com')).toBe(false);
    const both = rememberDevice(cookie, SECRET, 'bob@example.com');
    expect(isKnownDevice(both, SECRET, 'ada@example.com')).toBe(true);
    expect(isKnownDevice(both, SECRET, 'bob@example.com')).toBe(true);
  });

  it('cannot be made without the secret and does not name the account', () => {
    const forged = rememberDevice(undefined, 'another secret of thirty-two characters!', 'ada@example.com');
    expect(isKnownDevice(forged, SECRET, 'ada@example.com')).toBe(false);
    expect(deviceToken(SECRET, 'ada@example.com')).not.toContain('ada');
    expect(isKnownDevice('garbage.values', SECRET, 'ada@example.com')).toBe(false);
  });

  it('keeps the five accounts signed in most recently', () => {
    let cookie = '';
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
      cookie = rememberDevice(cookie, SECRET, `${name}@x.com`);
    expect(isKnownDevice(cookie, SECRET, 'a@x.com')).toBe(false);
    expect(isKnownDevice(cookie, SECRET, 'f@x.com')).toBe(true);
    expect(isKnownDevice(cookie, SECRET, 'b@x.com')).toBe(true);
  });
});

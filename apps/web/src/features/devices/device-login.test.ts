import { describe, expect, it } from 'vitest';
import {
  afterDecision,
  classifyDeviceError,
  formatUserCode,
  parseDeviceUserAgent,
  parseUserCode,
  userCodeFromSearch,
} from './device-login';

describe('device login helpers', () => {
  it('show codes as XXXX-XXXX whatever the case and dashes', () => {
    expect(formatUserCode('bcdfghjk')).toBe('BCDF-GHJK');
    expect(formatUserCode(' BCDF-GHJK ')).toBe('BCDF-GHJK');
    expect(formatUserCode('bcdf ghjk')).toBe('BCDF-GHJK');
    expect(formatUserCode('short')).toBe('short');
  });

  it('read a typed code in any case, with a dash or a space, and nothing that is not 8 letters', () => {
    expect(parseUserCode('abcd-efgh')).toBe('ABCD-EFGH');
    expect(parseUserCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(parseUserCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(parseUserCode(' Abcd - Efgh ')).toBe('ABCD-EFGH');
    expect(parseUserCode('abcd-efg')).toBeUndefined();
    expect(parseUserCode('abcd-efghj')).toBeUndefined();
    expect(parseUserCode('abcd_efgh')).toBeUndefined();
    expect(parseUserCode('')).toBeUndefined();
  });

  it('take the code from code or user_code of the address, and never fail without one', () => {
    expect(userCodeFromSearch({ code: ' bcdf-ghjk ' })).toBe('bcdf-ghjk');
    expect(userCodeFromSearch({ user_code: 'BCDFGHJK' })).toBe('BCDFGHJK');
    expect(userCodeFromSearch({ code: 12345678 })).toBe('12345678');
    expect(userCodeFromSearch({ code: '', user_code: 'BCDF-GHJK' })).toBe('BCDF-GHJK');
    expect(userCodeFromSearch({})).toBeUndefined();
    expect(userCodeFromSearch({ user_code: '' })).toBeUndefined();
    expect(userCodeFromSearch({ code: { nested: true } })).toBeUndefined();
  });

  it('read CLI sessions from their user agent, and nothing else', () => {
    expect(parseDeviceUserAgent('switchboard-cli/0.1.0 (ada-laptop; linux x64; node v20.19.0)')).toEqual({
      client: 'Switchboard CLI',
      version: '0.1.0',
      deviceName: 'ada-laptop',
      platform: 'linux x64',
    });
    expect(parseDeviceUserAgent('switchboard-cli/unknown (raw-client) curl/8.0')).toEqual({
      client: 'Switchboard CLI',
      version: undefined,
      deviceName: 'raw-client',
      platform: undefined,
    });
    expect(
      parseDeviceUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'),
    ).toBeUndefined();
    expect(parseDeviceUserAgent(null)).toBeUndefined();
  });

  it('turn device endpoint errors into the states the page shows', () => {
    expect(classifyDeviceError({ status: 400, error: 'invalid_request' })).toEqual({ state: 'invalid' });
    expect(classifyDeviceError({ status: 400, error: 'expired_token' })).toEqual({ state: 'expired' });
    expect(classifyDeviceError({ status: 403, error: 'access_denied' })).toEqual({ state: 'invalid' });
    expect(
      classifyDeviceError({ status: 429, message: 'Too many wrong codes. Try again in 15 minutes.' }),
    ).toEqual({
      state: 'rate-limited',
      message: 'Too many wrong codes. Try again in 15 minutes.',
    });
    expect(classifyDeviceError({ status: 500 })).toBeUndefined();
  });

  it('move a pending request to the decided state', () => {
    const pending = {
      state: 'pending' as const,
      userCode: 'BCDF-GHJK',
      clientId: 'switchboard-cli',
      deviceName: 'box',
      expiresAt: undefined,
    };
    expect(afterDecision(pending, 'approved')).toEqual({ ...pending, state: 'approved' });
    expect(afterDecision(pending, { state: 'expired' })).toEqual({ state: 'expired' });
  });
});

import { describe, expect, it } from 'vitest';
import { afterDecision, classifyDeviceError, formatUserCode, parseDeviceUserAgent } from './device-login';

describe('device login helpers', () => {
  it('show codes as XXXX-XXXX whatever the case and dashes', () => {
    expect(formatUserCode('bcdfghjk')).toBe('BCDF-GHJK');
    expect(formatUserCode(' BCDF-GHJK ')).toBe('BCDF-GHJK');
    expect(formatUserCode('bcdf ghjk')).toBe('BCDF-GHJK');
    expect(formatUserCode('short')).toBe('short');
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

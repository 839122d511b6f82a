import { type ApiClient, createApiClient } from '@switchboard/api-client';
import { describe, expect, it } from 'vitest';
import type { DeviceCode } from './better-auth';
import { formatUserCode, pollForToken, verificationUrl, webAppOrigin } from './device-flow';
import { AuthError } from './exit-codes';

type Answer = { status: number; body: unknown };

/** An API client whose POST /device/token answers come from a script, with a fake clock. */
function scripted(answers: Answer[]) {
  const clock = { now: 0 };
  const polls: number[] = [];
  const fetch: typeof globalThis.fetch = async () => {
    polls.push(clock.now);
    const answer = answers.shift() ?? { status: 400, body: { error: 'authorization_pending' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api: ApiClient = createApiClient({
    baseUrl: 'http://switchboard.test',
    basePath: '/api/v1/auth',
    fetch,
  });
  const options = {
    now: () => clock.now,
    sleep: async (ms: number) => {
      clock.now += ms;
    },
  };
  return { api, polls, options };
}

const code: DeviceCode = {
  device_code: 'device',
  user_code: 'BCDFGHJK',
  verification_uri: 'http://switchboard.test/auth/cli-verify',
  expires_in: 900,
  interval: 5,
};
const pending = {
  status: 400,
  body: { error: 'authorization_pending', error_description: 'Authorization pending' },
};
const slowDown = { status: 400, body: { error: 'slow_down', error_description: 'Polling too frequently' } };
const token = {
  status: 200,
  body: { access_token: 'session-token', token_type: 'Bearer', expires_in: 604800 },
};

describe('pollForToken', () => {
  it('waits the interval before every poll and answers the token once approved', async () => {
    const { api, polls, options } = scripted([pending, pending, token]);
    const answer = await pollForToken(api, code, options);
    expect(answer.access_token).toBe('session-token');
    expect(polls).toEqual([5000, 10_000, 15_000]);
  });

  it('adds 5 s to the interval for this and every later poll after each slow_down', async () => {
    const { api, polls, options } = scripted([slowDown, pending, slowDown, pending, token]);
    const intervals: number[] = [];
    await pollForToken(api, code, { ...options, onSlowDown: (seconds) => intervals.push(seconds) });
    expect(polls).toEqual([5000, 15_000, 25_000, 40_000, 55_000]);
    expect(intervals).toEqual([10, 15]);
  });

  it('ends with an AuthError on access_denied, expired_token and invalid_grant', async () => {
    for (const [error, words] of [
      ['access_denied', 'denied'],
      ['expired_token', 'expired'],
      ['invalid_grant', 'no longer knows'],
    ] as const) {
      const { api, options } = scripted([pending, { status: 400, body: { error } }]);
      const failure = await pollForToken(api, code, options).catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(AuthError);
      expect((failure as AuthError).exitCode).toBe(3);
      expect((failure as Error).message).toContain(words);
    }
  });

  it('gives up when the code has expired on this side, without waiting for the server', async () => {
    const { api, polls, options } = scripted([]);
    const failure = await pollForToken(api, { ...code, expires_in: 12 }, options).catch(
      (caught: unknown) => caught,
    );
    expect((failure as Error).message).toContain('expired');
    expect(polls).toEqual([5000, 10_000]);
  });

  it('rides out a few server errors, but not a client error it does not understand', async () => {
    const flaky = scripted([{ status: 503, body: {} }, { status: 502, body: {} }, token]);
    expect((await pollForToken(flaky.api, code, flaky.options)).access_token).toBe('session-token');
    const broken = scripted([{ status: 400, body: { error: 'invalid_request' } }]);
    await expect(pollForToken(broken.api, code, broken.options)).rejects.toThrow();
  });
});

describe('codes and links', () => {
  it('shows codes as XXXX-XXXX and links to the verify page with the code', () => {
    expect(formatUserCode('bcdfghjk')).toBe('BCDF-GHJK');
    expect(formatUserCode('BCDF-GHJK')).toBe('BCDF-GHJK');
    expect(verificationUrl('https://app.example.com', 'BCDFGHJK')).toBe(
      'https://app.example.com/auth/cli-verify?code=BCDF-GHJK',
    );
  });
});

describe('webAppOrigin', () => {
  const given = 'http://192.168.1.5:3000';

  it('trusts the web app the server names when it knows itself by the API URL the CLI was given', () => {
    expect(
      webAppOrigin(given, { apiUrl: 'http://192.168.1.5:3000', appUrl: 'http://192.168.1.5:5173/' }),
    ).toBe('http://192.168.1.5:5173');
  });

  it('uses the API URL it was given when the server names another address (a default, another host)', () => {
    expect(webAppOrigin(given, { apiUrl: 'http://localhost:3000', appUrl: 'http://localhost:3000' })).toBe(
      given,
    );
    expect(webAppOrigin(`${given}/switchboard`, undefined)).toBe(given);
    expect(webAppOrigin(given, { apiUrl: 'not a url', appUrl: 'http://localhost:3000' })).toBe(given);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { AuthAgent, type AuthError, type Person, signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { sessionOf } from '../testing/organizations';
import { useProxiedServer } from '../testing/proxied-server';
import { totpCode, totpSecretOf } from '../testing/totp';

/**
 * Account security while signed in: changing the password (the current one required, other sessions
 * signed out on request) and two-factor sign-in with an authenticator app (TOTP) and recovery codes.
 */

// better-auth allows three calls per ten seconds to each two-factor and password-change route from one
// address: each test calls from its own (loopback is trusted as a proxy, so X-Forwarded-For counts), in
// 192.0.2.0/24, which no other file on the shared server behind a proxy claims.
const fixture = useProxiedServer();
let lastAddress = 0;
let address = '';
beforeEach(() => {
  lastAddress += 1;
  address = `192.0.2.${lastAddress}`;
});

/** A better-auth POST from the current test's address. */
function call<T = AuthError>(agent: AuthAgent, path: string, body: unknown) {
  return agent.post<T>(`/api/v1/auth${path}`, body, { headers: { 'x-forwarded-for': address } });
}

// better-auth warns on every wrong password and code; the answers are what is tested.
let warnings: MockInstance | undefined;
beforeAll(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => warnings?.mockRestore());

interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

interface SignInAnswer {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: string[];
  token?: string;
}

async function signInWithPassword(email: string, password = TEST_PASSWORD) {
  const browser = new AuthAgent(fixture.server);
  const answer = await call<SignInAnswer & AuthError>(browser, '/sign-in/email', { email, password });
  return { browser, answer };
}

/** Turns two-factor sign-in on for `person`, confirmed with a code from the app: its key and codes. */
async function enableTwoFactor(person: Person) {
  const enabled = await call<Enabled>(person, '/two-factor/enable', { password: person.password });
  expect(enabled.status).toBe(200);
  const key = totpSecretOf(enabled.body.totpURI);
  const confirmed = await call(person, '/two-factor/verify-totp', { code: totpCode(key) });
  expect(confirmed.status).toBe(200);
  return { key, backupCodes: enabled.body.backupCodes };
}

describe('two-factor sign-in', () => {
  it('is set up with the password and a first code; sign-in then asks for a code, and a wrong one fails', async () => {
    const ada = await signUp(fixture.server, 'Ada Two Factor');
    const wrongPassword = await call<AuthError>(ada, '/two-factor/enable', { password: 'not it at all' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('INVALID_PASSWORD');

    const enabled = await call<Enabled>(ada, '/two-factor/enable', { password: TEST_PASSWORD });
    expect(enabled.status).toBe(200);
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Switchboard:/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    // Not on until a code from the app confirms it: a sign-in meanwhile is a plain one.
    expect((await signInWithPassword(ada.user.email)).answer.body.twoFactorRedirect).toBeUndefined();
    const key = totpSecretOf(enabled.body.totpURI);
    expect((await call(ada, '/two-factor/verify-totp', { code: totpCode(key) })).status).toBe(200);
    expect((await sessionOf(ada))?.user).toMatchObject({ twoFactorEnabled: true });

    const { browser, answer } = await signInWithPassword(ada.user.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await sessionOf(browser)).toBeNull();
    const wrongCode = await call<AuthError>(browser, '/two-factor/verify-totp', {
      code: totpCode(key, Date.now() + 10 * 60_000),
    });
    expect(wrongCode.status).toBe(401);
    expect(await sessionOf(browser)).toBeNull();
    expect((await call(browser, '/two-factor/verify-totp', { code: totpCode(key) })).status).toBe(200);
    expect((await sessionOf(browser))?.user.email).toBe(ada.user.email);
  });

  it('takes each recovery code once instead of a code from the app', async () => {
    const bea = await signUp(fixture.server, 'Bea Recovery');
    const { backupCodes } = await enableTwoFactor(bea);
    const [first = '', second = ''] = backupCodes;

    const one = await signInWithPassword(bea.user.email);
    expect((await call(one.browser, '/two-factor/verify-backup-code', { code: first })).status).toBe(200);
    expect((await sessionOf(one.browser))?.user.email).toBe(bea.user.email);

    const again = await signInWithPassword(bea.user.email);
    const reused = await call<AuthError>(again.browser, '/two-factor/verify-backup-code', { code: first });
    expect(reused.status).toBe(401);
    expect(await sessionOf(again.browser)).toBeNull();
    expect((await call(again.browser, '/two-factor/verify-backup-code', { code: second })).status).toBe(200);
  });

  it('is turned off with the password, and sign-in stops asking', async () => {
    const cy = await signUp(fixture.server, 'Cy Turns Off');
    await enableTwoFactor(cy);
    const refused = await call<AuthError>(cy, '/two-factor/disable', { password: 'not it at all' });
    expect(refused.status).toBe(400);
    expect((await signInWithPassword(cy.user.email)).answer.body.twoFactorRedirect).toBe(true);
    expect((await call(cy, '/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(200);
    const { browser, answer } = await signInWithPassword(cy.user.email);
    expect(answer.body.twoFactorRedirect).toBeUndefined();
    expect((await sessionOf(browser))?.user.email).toBe(cy.user.email);
  });

  it('cannot be set up, confirmed or turned off without a session', async () => {
    const stranger = new AuthAgent(fixture.server);
    expect((await call(stranger, '/two-factor/enable', { password: TEST_PASSWORD })).status).toBe(401);
    expect((await call(stranger, '/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(401);
    expect((await call(stranger, '/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password; signs the other sessions out when asked, and only then', async () => {
    const dee = await signUp(fixture.server, 'Dee Changes');
    const phone = (await signInWithPassword(dee.user.email)).browser;
    const wrong = await call<AuthError>(dee, '/change-password', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');

    const kept = await call(dee, '/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(kept.status).toBe(200);
    expect(await sessionOf(phone)).not.toBeNull();
    expect((await signInWithPassword(dee.user.email)).answer.status).toBe(401);
    expect((await signInWithPassword(dee.user.email, 'a brand new password')).answer.status).toBe(200);

    const revoked = await call(dee, '/change-password', {
      currentPassword: 'a brand new password',
      newPassword: 'a third password',
      revokeOtherSessions: true,
    });
    expect(revoked.status).toBe(200);
    expect(await sessionOf(phone)).toBeNull();
    expect((await sessionOf(dee))?.user.email).toBe(dee.user.email);
  });

  it('refuses a new password shorter than 8 characters and keeps the old one', async () => {
    const eve = await signUp(fixture.server, 'Eve Short');
    const short = await call<AuthError>(eve, '/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    expect((await signInWithPassword(eve.user.email)).answer.status).toBe(200);
  });

  it('is refused without a session', async () => {
    const stranger = new AuthAgent(fixture.server);
    const answer = await call(stranger, '/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(answer.status).toBe(401);
  });
});

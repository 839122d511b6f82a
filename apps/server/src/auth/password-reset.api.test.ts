import { beforeAll, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  type AuthError,
  type Person,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../testing/auth-agent';
import { headerOf, linkIn, waitForMail } from '../testing/fake-smtp';
import type { TestServer } from '../testing/harness';
import { captureLoggedLines } from '../testing/logged-lines';
import { useProxiedServer } from '../testing/proxied-server';
import { useServerWithMailServer } from '../testing/server-hooks';

/**
 * "Forgot password": the answer is the same whether or not the address has an account; the link
 * (mailed, or logged without a mail server) leads to the web's reset page with a one-use token; a
 * reset ends every session of the account. The test client connects from loopback, trusted as a proxy
 * here, so each test claims its own address and better-auth's limit of 3 requests a minute per
 * address holds per test (198.51.100.10–29, which no other file on that server claims).
 */

const NEW_PASSWORD = 'a brand new passphrase';

const logged = captureLoggedLines();
const loggedResetLinks = (email: string) => logged.after(`[password-reset] ${email}`);

function requestReset(server: TestServer, email: string, address: string) {
  return new AuthAgent(server).post<{ status: boolean; message: string }>(
    '/api/v1/auth/request-password-reset',
    { email, redirectTo: `${server.env.APP_URL}/auth/reset-password` },
    { headers: { 'x-forwarded-for': address } },
  );
}

function resetPassword(server: TestServer, token: string, newPassword: string) {
  return new AuthAgent(server).post<AuthError & { status?: boolean }>('/api/v1/auth/reset-password', {
    token,
    newPassword,
  });
}

/** Follows the mailed link as a browser would: the server sends it on to the web's reset page. */
async function follow(server: TestServer, link: string): Promise<URL> {
  const response = await new AuthAgent(server).raw(new URL(link).pathname + new URL(link).search);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function sessionOf(agent: AuthAgent) {
  return (await agent.auth<{ user: { email: string } } | null>('get', '/get-session')).body;
}

describe('without a mail server', () => {
  const fixture = useProxiedServer();

  it('answers a known and an unknown address alike, and logs a link only for the known one', async () => {
    const person = await signUp(fixture.server, 'Known Person');
    const unknown = uniqueEmail('Nobody');
    const forKnown = await requestReset(fixture.server, person.user.email, '198.51.100.10');
    const forUnknown = await requestReset(fixture.server, unknown, '198.51.100.10');
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(loggedResetLinks(person.user.email)).toHaveLength(1);
    expect(loggedResetLinks(unknown)).toEqual([]);
  });

  it('resets the password by the logged link once, and ends every session of the account', async () => {
    const person = await signUp(fixture.server, 'Forgetful');
    const otherBrowser = await signIn(fixture.server, person.user.email);
    expect(await sessionOf(otherBrowser)).not.toBeNull();

    await requestReset(fixture.server, person.user.email, '198.51.100.11');
    const [link] = loggedResetLinks(person.user.email);
    expect(link).toMatch(new RegExp(`^${fixture.server.url}/api/v1/auth/reset-password/`));
    const page = await follow(fixture.server, link as string);
    expect(`${page.origin}${page.pathname}`).toBe(`${fixture.server.env.APP_URL}/auth/reset-password`);
    const token = page.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    // Too short is refused before the token is spent.
    const short = await resetPassword(fixture.server, token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');

    const reset = await resetPassword(fixture.server, token, NEW_PASSWORD);
    expect(reset.status).toBe(200);

    expect(await sessionOf(person)).toBeNull();
    expect(await sessionOf(otherBrowser)).toBeNull();
    const withOld = await new AuthAgent(fixture.server).post<AuthError>('/api/v1/auth/sign-in/email', {
      email: person.user.email,
      password: TEST_PASSWORD,
    });
    expect(withOld.status).toBe(401);
    expect(await sessionOf(await signIn(fixture.server, person.user.email, NEW_PASSWORD))).toMatchObject({
      user: { email: person.user.email },
    });

    const again = await resetPassword(fixture.server, token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const used = await follow(fixture.server, link as string);
    expect(used.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(used.searchParams.get('token')).toBeNull();
  });

  it('refuses a made-up token', async () => {
    const answer = await resetPassword(fixture.server, 'not-a-real-token-at-all', NEW_PASSWORD);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a fourth request from one address within the minute, known address or not', async () => {
    const person = await signUp(fixture.server, 'Hammered');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await requestReset(fixture.server, person.user.email, '198.51.100.12')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(loggedResetLinks(person.user.email)).toHaveLength(3);
  });

  it('always sends the token to the reset page of this site, whatever page the request names', async () => {
    const person = await signUp(fixture.server, 'Careful');
    await new AuthAgent(fixture.server).post<AuthError>(
      '/api/v1/auth/request-password-reset',
      { email: person.user.email, redirectTo: 'https://evil.example/steal' },
      { headers: { 'x-forwarded-for': '198.51.100.13' } },
    );
    const [link] = loggedResetLinks(person.user.email);
    expect(link).not.toContain('evil.example');
    const page = await follow(fixture.server, link as string);
    expect(`${page.origin}${page.pathname}`).toBe(`${fixture.server.env.APP_URL}/auth/reset-password`);
  });
});

describe('with a mail server', () => {
  const mailed = useServerWithMailServer('Switchboard <noreply@example.com>');
  let person: Person;

  beforeAll(async () => {
    person = await signUp(mailed.server, 'Mailed Person');
  });

  it('mails the link to the address, and the link resets the password', async () => {
    await requestReset(mailed.server, person.user.email, '198.51.100.20');
    const mail = await waitForMail(mailed.smtp);
    expect(mailed.smtp.messages).toHaveLength(1);
    expect(mail.to).toEqual([person.user.email]);
    expect(headerOf(mail, 'Subject')).toBe('Reset your Switchboard password');
    expect(loggedResetLinks(person.user.email)).toEqual([]);
    const token =
      (await follow(mailed.server, linkIn(mail, '/reset-password/'))).searchParams.get('token') ?? '';
    expect((await resetPassword(mailed.server, token, NEW_PASSWORD)).status).toBe(200);
    expect(await sessionOf(await signIn(mailed.server, person.user.email, NEW_PASSWORD))).not.toBeNull();
  });
});

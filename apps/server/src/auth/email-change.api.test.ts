import { describe, expect, it } from 'vitest';
import {
  AuthAgent,
  type AuthError,
  type Person,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../testing/auth-agent';
import { captureLoggedLines } from '../testing/logged-lines';
import { useProxiedServer } from '../testing/proxied-server';

/**
 * Changing the account's address: the current password is asked for, an address another account uses
 * is refused, and the new address only replaces the old one once the link sent to it is followed
 * (logged as "[email-change] <address>: <link>" without a mail server). better-auth allows 3 changes
 * per 10 seconds per client address; the test client connects from loopback, trusted as a proxy here,
 * so each test claims its own address (198.51.100.30–39, which no other file on that server claims).
 */

const logged = captureLoggedLines();
const fixture = useProxiedServer();

function changeEmail(person: Person, body: Record<string, string>, address: string) {
  return person.post<AuthError & { status?: boolean }>(
    '/api/v1/auth/change-email',
    { callbackURL: `${fixture.server.env.APP_URL}/dashboard/account`, ...body },
    { headers: { 'x-forwarded-for': address } },
  );
}

/** Follows a mailed link in `agent`'s browser; answers where the server sent the browser next. */
async function follow(agent: AuthAgent, link: string): Promise<URL> {
  const url = new URL(link);
  const response = await agent.raw(url.pathname + url.search);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function emailOf(agent: AuthAgent): Promise<string | undefined> {
  return (await agent.auth<{ user: { email: string } } | null>('get', '/get-session')).body?.user.email;
}

describe('changing the address', () => {
  it('moves the account to the new address once the link sent there is followed', async () => {
    const person = await signUp(fixture.server, 'Mover');
    const oldEmail = person.user.email;
    const newEmail = uniqueEmail('Moved');
    const asked = await changeEmail(person, { newEmail, password: TEST_PASSWORD }, '198.51.100.30');
    expect(asked.status).toBe(200);
    // Nothing changes until the new address answers.
    expect(await emailOf(person)).toBe(oldEmail);

    const [link] = logged.after(`[email-change] ${newEmail}`);
    expect(link).toMatch(new RegExp(`^${fixture.server.url}/api/v1/auth/verify-email\\?token=`));
    const back = await follow(person, link as string);
    expect(back.toString()).toBe(`${fixture.server.env.APP_URL}/dashboard/account`);
    expect(await emailOf(person)).toBe(newEmail);

    expect(await emailOf(await signIn(fixture.server, newEmail))).toBe(newEmail);
    const withOld = await new AuthAgent(fixture.server).post('/api/v1/auth/sign-in/email', {
      email: oldEmail,
      password: TEST_PASSWORD,
    });
    expect(withOld.status).toBe(401);

    // Followed again, the link names an address no account has any more.
    const reused = await follow(person, link as string);
    expect(reused.searchParams.get('error')).toBe('USER_NOT_FOUND');
    expect(await emailOf(person)).toBe(newEmail);
  });

  it('asks for the current password, and refuses a wrong one', async () => {
    const person = await signUp(fixture.server, 'Unsure');
    const newEmail = uniqueEmail('Elsewhere');
    const without = await changeEmail(person, { newEmail }, '198.51.100.31');
    expect(without.status).toBe(400);
    expect(without.body.code).toBe('PASSWORD_REQUIRED');
    const wrong = await changeEmail(person, { newEmail, password: 'not my password' }, '198.51.100.31');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect(logged.after(`[email-change] ${newEmail}`)).toEqual([]);
  });

  it('refuses an address another account uses, in any case', async () => {
    const person = await signUp(fixture.server, 'Copycat');
    const other = await signUp(fixture.server, 'Original');
    const taken = await changeEmail(
      person,
      { newEmail: other.user.email.toUpperCase(), password: TEST_PASSWORD },
      '198.51.100.32',
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'EMAIL_IN_USE',
      message: 'Another account already uses this email address.',
    });
    expect(logged.after(`[email-change] ${other.user.email}`)).toEqual([]);
    expect(await emailOf(person)).toBe(person.user.email);
  });

  it('keeps the address when someone signed up with the new one before the link was followed', async () => {
    const person = await signUp(fixture.server, 'Slow Clicker');
    const newEmail = uniqueEmail('Contested');
    await changeEmail(person, { newEmail, password: TEST_PASSWORD }, '198.51.100.33');
    const [link] = logged.after(`[email-change] ${newEmail}`);
    await signUp(fixture.server, 'Quick Signer', { email: newEmail });

    const back = await follow(person, link as string);
    expect(back.searchParams.get('error')).toBe('EMAIL_IN_USE');
    expect(await emailOf(person)).toBe(person.user.email);
  });

  it('asks a verified address to confirm the change before the new one is verified', async () => {
    const person = await signUp(fixture.server, 'Twice Moved');
    const first = uniqueEmail('First Move');
    await changeEmail(person, { newEmail: first, password: TEST_PASSWORD }, '198.51.100.34');
    await follow(person, logged.after(`[email-change] ${first}`)[0] as string);
    // Following a link verified the address, so the next change starts at that address.
    const second = uniqueEmail('Second Move');
    expect(
      (await changeEmail(person, { newEmail: second, password: TEST_PASSWORD }, '198.51.100.34')).status,
    ).toBe(200);
    expect(logged.after(`[email-change] ${second}`)).toEqual([]);
    const [confirm] = logged.after(`[email-change] ${first} confirms ${second}`);
    expect(await emailOf(person)).toBe(first);

    await follow(person, confirm as string);
    expect(await emailOf(person)).toBe(first);
    const [verify] = logged.after(`[email-change] ${second}`);
    await follow(person, verify as string);
    expect(await emailOf(person)).toBe(second);
  });

  it('needs a session', async () => {
    const answer = await new AuthAgent(fixture.server).post('/api/v1/auth/change-email', {
      newEmail: uniqueEmail('Anyone'),
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(401);
  });
});

import { delayAfterFailures, KNOWN_DEVICE_COOKIE, SIGN_IN_BACKOFF } from '@switchboard/auth/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  type AuthError,
  type Person,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../testing/auth-agent';
import { movableClock } from '../testing/clock';
import { type FakeSmtp, mailsTo, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * Failed sign-ins slow the one guessing, per account and per address, and never keep the owner out of
 * their usual places. The test client connects from loopback, trusted as a proxy here, so the
 * X-Forwarded-For it sends is the address each attempt comes from. Time is the test's own clock.
 */

let server: TestServer;
let smtp: FakeSmtp;
const clock = movableClock({ running: false });
const advance = (seconds: number) => clock.advance(seconds * 1000);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    // The per-address request limit (20 a minute) is another rule, with its own tests.
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', SMTP_URL: smtp.url, SIGN_IN_RATE_LIMIT: '10000' },
    start: { clock },
  });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const FREE = SIGN_IN_BACKOFF.freeFailuresPerAccount;
let nextAddress = 0;
/** An address no other attempt in this file came from. */
const freshAddress = () => `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function signInFrom(agent: AuthAgent, address: string, email: string, password: string) {
  return agent.post<AuthError>(
    '/api/v1/auth/sign-in/email',
    { email, password },
    { headers: { 'x-forwarded-for': address } },
  );
}

/** A guess from a stranger's browser at an address never seen. */
const guess = (email: string) => signInFrom(new AuthAgent(server), freshAddress(), email, 'wrong password!');

/** Signs `person` in from `address` in a new browser, which becomes one of their known places. */
async function knownBrowser(person: Person, address: string): Promise<AuthAgent> {
  const browser = new AuthAgent(server);
  expect((await signInFrom(browser, address, person.user.email, TEST_PASSWORD)).status).toBe(200);
  expect(browser.cookies.has(KNOWN_DEVICE_COOKIE)).toBe(true);
  return browser;
}

const retryAfterOf = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));

describe('guessing one account’s password from many addresses', () => {
  it('gets a few free failures, then waits that double each time up to the ceiling', async () => {
    const person = await signUp(server, 'Guessed At');
    for (let attempt = 0; attempt < FREE; attempt += 1)
      expect((await guess(person.user.email)).status).toBe(401);

    const waits: number[] = [];
    for (let step = 0; step < 12; step += 1) {
      const held = await guess(person.user.email);
      expect(held.status).toBe(429);
      expect(held.body.code).toBe('RATE_LIMITED');
      waits.push(retryAfterOf(held));
      // Hammering while held changes nothing: refused attempts are not counted.
      expect(retryAfterOf(await guess(person.user.email))).toBe(waits.at(-1));
      advance(retryAfterOf(held));
      expect((await guess(person.user.email)).status).toBe(401);
    }
    expect(waits).toEqual(
      Array.from({ length: 12 }, (_, step) => delayAfterFailures(FREE + step, FREE) / 1000),
    );
    expect(waits.slice(0, 3)).toEqual([2, 4, 8]);
    expect(Math.max(...waits)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds);
    const held = await guess(person.user.email);
    expect(held.body.message).toBe(
      'Too many failed sign-ins for this account. Try again in 15 minutes, or from a browser you signed in with before.',
    );
  });

  it('never refuses the owner’s known browser or known address, while a new place waits its turn', async () => {
    const person = await signUp(server, 'Owner Under Attack');
    const home = freshAddress();
    const laptop = await knownBrowser(person, home);
    for (let attempt = 0; attempt < FREE; attempt += 1)
      expect((await guess(person.user.email)).status).toBe(401);
    expect((await guess(person.user.email)).status).toBe(429);

    // The browser that signed in before, from anywhere: in at once, and the guesser is still held.
    expect((await signInFrom(laptop, freshAddress(), person.user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await guess(person.user.email)).status).toBe(429);
    // A new browser at an address the account signed in from: in at once.
    const fromHome = await signInFrom(new AuthAgent(server), home, person.user.email, TEST_PASSWORD);
    expect(fromHome.status).toBe(200);
    // A new browser at a new address waits like anyone, then gets in with the right password.
    const away = new AuthAgent(server);
    const awayAddress = freshAddress();
    const waited = await signInFrom(away, awayAddress, person.user.email, TEST_PASSWORD);
    expect(waited.status).toBe(429);
    advance(retryAfterOf(waited));
    expect((await signInFrom(away, awayAddress, person.user.email, TEST_PASSWORD)).status).toBe(200);
    // That success, counted, starts the count again.
    expect((await guess(person.user.email)).status).toBe(401);
  });

  it('tells the owner by mail once the free failures are used, once a day', async () => {
    const person = await signUp(server, 'Told By Mail');
    for (let attempt = 0; attempt < FREE - 1; attempt += 1) await guess(person.user.email);
    expect(mailsTo(smtp, person.user.email)).toHaveLength(0);
    await guess(person.user.email);
    const mail = await waitForMail(smtp, (each) => each.to.includes(person.user.email));
    expect(mail.text).toContain('Someone is trying to sign in to your Switchboard account');
    expect(mail.text).toContain(`${FREE} failed attempts in a row`);
    for (let step = 0; step < 3; step += 1) {
      advance(SIGN_IN_BACKOFF.maxDelaySeconds);
      expect((await guess(person.user.email)).status).toBe(401);
    }
    expect(mailsTo(smtp, person.user.email)).toHaveLength(1);
  });

  it('counts unknown accounts alike, however the address is typed, and mails nobody', async () => {
    const email = uniqueEmail('Nobody Here');
    for (let attempt = 0; attempt < FREE; attempt += 1) {
      const written = attempt % 2 === 0 ? email.toUpperCase() : email;
      expect((await guess(written)).status).toBe(401);
    }
    expect((await guess(email)).status).toBe(429);
    expect(mailsTo(smtp, email)).toHaveLength(0);
  });

  it('lets no parallel guess slip past the free failures', async () => {
    const person = await signUp(server, 'Guessed In Parallel');
    const answers = await Promise.all(Array.from({ length: 16 }, () => guess(person.user.email)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16 - FREE);
  });
});

describe('guessing from one address', () => {
  it('holds that address after its free failures, for every account, but not other addresses or known browsers', async () => {
    const person = await signUp(server, 'Next Door');
    const laptop = await knownBrowser(person, freshAddress());
    const noisy = freshAddress();
    for (let attempt = 0; attempt < SIGN_IN_BACKOFF.freeFailuresPerAddress; attempt += 1) {
      const answer = await signInFrom(new AuthAgent(server), noisy, uniqueEmail('victim'), 'wrong password!');
      expect(answer.status).toBe(401);
    }
    const held = await signInFrom(new AuthAgent(server), noisy, uniqueEmail('victim'), 'wrong password!');
    expect(held.status).toBe(429);
    expect(held.body.message).toBe('Too many failed sign-ins from this address. Try again in 2 seconds.');
    expect((await guess(uniqueEmail('elsewhere'))).status).toBe(401);
    expect((await signInFrom(laptop, noisy, person.user.email, TEST_PASSWORD)).status).toBe(200);
  });
});

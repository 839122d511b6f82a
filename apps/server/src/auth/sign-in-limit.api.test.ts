import { SIGN_IN_FAILURE_LIMIT, signInFailureKey } from '@switchboard/auth/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAgent, type AuthError, signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * Failed sign-ins are limited per account as well as per address. The test client connects from
 * loopback, trusted as a proxy here, so the X-Forwarded-For it sends is the address each attempt
 * comes from.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1, ::1' } });
});

afterAll(async () => {
  await server?.close();
});

const ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];

function signInFrom(address: string, email: string, password: string) {
  return new AuthAgent(server).post<AuthError>(
    '/api/v1/auth/sign-in/email',
    { email, password },
    { headers: { 'x-forwarded-for': address } },
  );
}

/** Moves the account's window into the past, as if its 15 minutes had passed. */
async function endWindowOf(email: string) {
  await server.server.database.db.execute(
    sql`update rate_limit set last_request = last_request - ${SIGN_IN_FAILURE_LIMIT.windowSeconds * 1000}
        where key = ${signInFailureKey(email)}`,
  );
}

describe('failed sign-ins per account', () => {
  it('refuses one account’s attempts from every address once 10 have failed, the right password too', async () => {
    expect(SIGN_IN_FAILURE_LIMIT.perAccount).toBe(10);
    const person = await signUp(server, 'Guessed At');
    const statuses: number[] = [];
    let lastRefusal: Awaited<ReturnType<typeof signInFrom>> | undefined;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const address = ADDRESSES[attempt % ADDRESSES.length] ?? '';
      const answer = await signInFrom(address, person.user.email, `wrong password ${attempt}`);
      statuses.push(answer.status);
      if (answer.status === 429) lastRefusal = answer;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));
    expect(lastRefusal?.body.code).toBe('RATE_LIMITED');
    expect(lastRefusal?.body.message).toMatch(
      /Too many failed sign-ins for this account\. Try again in \d+ minutes?\./,
    );
    const retryAfter = Number(lastRefusal?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURE_LIMIT.windowSeconds);

    // The owner, from an address of their own, is refused too until the window ends: the limit would
    // tell a guesser nothing if the right password still got in.
    const owner = await signInFrom('203.0.113.7', person.user.email, TEST_PASSWORD);
    expect(owner.status).toBe(429);

    // Other accounts are not affected.
    const bystander = await signUp(server, 'Bystander');
    expect((await signInFrom('198.51.100.9', bystander.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets the owner in once the window has passed, and a successful sign-in starts the count again', async () => {
    const person = await signUp(server, 'Locked Out');
    for (let attempt = 0; attempt < SIGN_IN_FAILURE_LIMIT.perAccount; attempt += 1)
      expect((await signInFrom('198.51.100.20', person.user.email, 'wrong password!')).status).toBe(401);
    expect((await signInFrom('198.51.100.21', person.user.email, TEST_PASSWORD)).status).toBe(429);

    await endWindowOf(person.user.email);
    expect((await signInFrom('198.51.100.22', person.user.email, TEST_PASSWORD)).status).toBe(200);
    // The success cleared the failures: a new window grants the full allowance again.
    for (let attempt = 0; attempt < SIGN_IN_FAILURE_LIMIT.perAccount; attempt += 1)
      expect((await signInFrom('198.51.100.23', person.user.email, 'wrong password!')).status).toBe(401);
    expect((await signInFrom('198.51.100.23', person.user.email, 'wrong password!')).status).toBe(429);
  });

  it('counts the address however it is written, and unknown accounts alike', async () => {
    const email = 'Nobody.Here@Example.com';
    for (let attempt = 0; attempt < SIGN_IN_FAILURE_LIMIT.perAccount; attempt += 1) {
      const written = attempt % 2 === 0 ? email : `  ${email.toLowerCase()}`;
      expect((await signInFrom('198.51.100.30', written, 'wrong password!')).status).not.toBe(429);
    }
    expect((await signInFrom('198.51.100.31', email.toUpperCase(), 'wrong password!')).status).toBe(429);
  });
});

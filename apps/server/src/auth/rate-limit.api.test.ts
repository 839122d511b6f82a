import { databaseRateLimitStorage, RATE_LIMIT_RULES, SIGN_IN_BACKOFF } from '@switchboard/auth/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAgent, signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';

// Dialect-sensitive: the counters are rows that concurrent requests update, and only PostgreSQL lets those
// writes overlap.

/** Rate limits on sign-in (and sign-up); everything else is limited generously. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const SIGN_IN_LIMIT = RATE_LIMIT_RULES.customRules['/sign-in/*'].max;

describe('sign-in', () => {
  it('allows 20 attempts a minute from one address and answers the 21st with 429', async () => {
    expect(SIGN_IN_LIMIT).toBe(20);
    const person = await signUp(server, 'Rita Ratelimit');
    const agent = new AuthAgent(server);
    const attempt = (password: string) =>
      agent.post('/api/v1/auth/sign-in/email', { email: person.user.email, password });
    // Right and wrong passwords count alike: the limit is on attempts.
    for (let index = 0; index < SIGN_IN_LIMIT; index += 1) {
      const answer = await attempt(index % 2 === 0 ? TEST_PASSWORD : 'wrong password!');
      expect(answer.status, `attempt ${index + 1}`).toBe(index % 2 === 0 ? 200 : 401);
    }
    const refused = await attempt(TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many requests. Please try again later.' });
    const retryAfter = Number(refused.headers.get('x-retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The limit is per path: the person's session keeps working, and sign-up has its own count.
    const session = await person.auth<{ user: { id: string } } | null>('get', '/get-session');
    expect(session.body?.user.id).toBe(person.user.id);
    expect((await signUp(server, 'Still Welcome')).user.email).toContain('still-welcome');
  });

  it('keeps the count in the database, so a restart (or another process) does not reset it', async () => {
    await server.restart();
    const answer = await new AuthAgent(server).post('/api/v1/auth/sign-in/email', {
      email: 'anyone@example.com',
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(429);
  });
});

describe('client address', () => {
  it('cannot be dodged by claiming a different X-Forwarded-For on every attempt', async () => {
    const fresh = await startTestServer();
    try {
      const agent = new AuthAgent(fresh);
      const statuses: number[] = [];
      for (let index = 0; index <= SIGN_IN_LIMIT; index += 1) {
        // A different account each time, so only the address can be what refuses the last attempt.
        const answer = await agent.post(
          '/api/v1/auth/sign-in/email',
          { email: `nobody-${index}@example.com`, password: 'wrong password!' },
          { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } },
        );
        statuses.push(answer.status);
      }
      // Failed sign-ins from one address are also slowed after a few (sign-in-limit.api.test.ts): either
      // refusal shows the claimed addresses were not believed.
      const free = SIGN_IN_BACKOFF.freeFailuresPerAddress;
      expect(statuses.slice(0, free).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('everything else', () => {
  it('is limited far more generously', async () => {
    expect(RATE_LIMIT_RULES.max).toBeGreaterThanOrEqual(600);
    const person = await signUp(server, 'Busy Bee');
    for (let index = 0; index < 60; index += 1) {
      const answer = await person.auth('get', '/get-session');
      expect(answer.status).toBe(200);
    }
  });
});

describe('the counters', () => {
  it('use fixed windows: a window starts with its first request and ends 60 s later, however busy', async () => {
    const start = 1_000_000_000_000;
    let clock = start;
    const storage = databaseRateLimitStorage({ database: server.server.database.db, now: () => clock });
    const rule = { window: 60, max: 3 };
    const key = `203.0.113.9|/sign-in/email|${Date.now()}`;
    const results: boolean[] = [];
    // One request every 15 s: better-auth's own storage would never let this window end.
    for (let index = 0; index < 4; index += 1) {
      results.push((await storage.consume(key, rule)).allowed);
      clock += 15_000;
    }
    expect(results).toEqual([true, true, true, false]);
    clock = start + 59_000;
    expect(await storage.consume(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    clock = start + 60_000;
    expect((await storage.consume(key, rule)).allowed).toBe(true);
    clock = start + 61_000;
    expect((await storage.consume(key, rule)).allowed).toBe(true);
  });

  it('count concurrent requests exactly', async () => {
    const storage = databaseRateLimitStorage({ database: server.server.database.db });
    const key = `203.0.113.10|/sign-up/email|${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => storage.consume(key, { window: 60, max: 5 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });
});

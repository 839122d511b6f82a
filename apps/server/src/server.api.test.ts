import { healthResponseSchema } from '@switchboard/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './server';
import { startTestServer, type TestServer } from './testing/harness';

// Dialect-sensitive: health names the database in use, and sessions must survive a restart on either.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.url, ...headers },
  body: JSON.stringify(body),
});

/** The fields these tests read from auth and error responses. */
interface ResponseBody {
  error?: { code: string; message: string };
  user?: { email: string; name: string };
  message?: string;
  enableEmailSignin?: boolean;
}

const bodyOf = async (response: Response) => (await response.json()) as ResponseBody | null;

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('GET /api/v1/health', () => {
  it('reports the database in use and how late the event loop runs', async () => {
    const response = await server.fetch('/api/v1/health');
    expect(response.status).toBe(200);
    const health = healthResponseSchema.parse(await response.json());
    expect(health).toMatchObject({ status: 'ok', database: server.database });
    expect(Object.keys(health.eventLoop).sort()).toEqual(['maxMs', 'p50Ms', 'p99Ms', 'windowMs']);
    expect(health.eventLoop.maxMs).toBeGreaterThanOrEqual(health.eventLoop.p99Ms);
  });
});

describe('GET /api/v1/config', () => {
  it('returns the public runtime configuration and nothing secret', async () => {
    const response = await server.fetch('/api/v1/config');
    expect(response.status).toBe(200);
    const config = await response.json();
    expect(config).toEqual({
      apiUrl: server.env.API_URL,
      appUrl: server.env.APP_URL,
      brandName: 'Switchboard',
      enableGithubSignin: false,
      enableEmailSignin: true,
      googleClientId: '',
      turnstileSiteKey: '1x00000000000000000000AA',
      turnstileEnabled: false,
      billingEnabled: false,
    });
    expect(JSON.stringify(config)).not.toContain(server.env.BETTER_AUTH_SECRET ?? 'no-secret-set');
  });
});

describe('errors and guards', () => {
  it('answers unknown API paths with 404 in the one error shape', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/health', '/api/anything']) {
      const response = await server.fetch(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'ROUTE_NOT_FOUND', message: 'There is no API route at this path.' },
      });
    }
  });

  it('puts the security headers on every response', async () => {
    for (const path of ['/api/v1/health', '/api/v1/nope', '/']) {
      const headers = (await server.fetch(path)).headers;
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // HSTS is for production behind TLS only.
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('refuses form and text/plain bodies on writes', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await server.fetch('/api/v1/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': type, origin: server.url },
        body: 'email=a@b.c&password=12345678&name=x',
      });
      expect(response.status).toBe(415);
      expect((await bodyOf(response))?.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses bodies over 1 MiB', async () => {
    const response = await server.fetch('/api/v1/auth/sign-in/email', json({ email: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect((await bodyOf(response))?.error?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('email sign-up and sessions', () => {
  const person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery' };

  it('signs up, reads the session, survives a restart, and signs out', async () => {
    const signUp = await server.fetch('/api/v1/auth/sign-up/email', json(person));
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp);
    expect(cookie).toContain('session_token');

    const session = await server.fetch('/api/v1/auth/get-session', { headers: { cookie } });
    expect((await bodyOf(session))?.user).toMatchObject({ email: person.email, name: person.name });

    await server.restart();
    const afterRestart = await server.fetch('/api/v1/auth/get-session', { headers: { cookie } });
    expect((await bodyOf(afterRestart))?.user?.email).toBe(person.email);

    const signIn = await server.fetch(
      '/api/v1/auth/sign-in/email',
      json({ email: person.email, password: person.password }),
    );
    expect(signIn.status).toBe(200);

    const signOut = await server.fetch('/api/v1/auth/sign-out', json({}, { cookie }));
    expect(signOut.status).toBe(200);
    const afterSignOut = await server.fetch('/api/v1/auth/get-session', { headers: { cookie } });
    expect(await afterSignOut.json()).toBeNull();
  });

  it('rejects a wrong password without revealing whether the account exists', async () => {
    const wrong = await server.fetch(
      '/api/v1/auth/sign-in/email',
      json({ email: person.email, password: 'nope-nope-nope' }),
    );
    const unknown = await server.fetch(
      '/api/v1/auth/sign-in/email',
      json({ email: 'nobody@example.com', password: 'nope-nope-nope' }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await bodyOf(wrong))?.message).toBe((await bodyOf(unknown))?.message);
  });

  it('refuses a cookie-authenticated sign-out from a foreign origin', async () => {
    const signIn = await server.fetch(
      '/api/v1/auth/sign-in/email',
      json({ email: person.email, password: person.password }),
    );
    const cookie = cookieFrom(signIn);
    const foreign = await server.fetch(
      '/api/v1/auth/sign-out',
      json({}, { cookie, origin: 'http://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    const still = await server.fetch('/api/v1/auth/get-session', { headers: { cookie } });
    expect((await bodyOf(still))?.user?.email).toBe(person.email);
  });

  it('authenticates with the bearer token for clients without cookies', async () => {
    const signIn = await server.fetch(
      '/api/v1/auth/sign-in/email',
      json({ email: person.email, password: person.password }),
    );
    const token = signIn.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const session = await server.fetch('/api/v1/auth/get-session', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await bodyOf(session))?.user?.email).toBe(person.email);
  });
});

describe('email sign-in switched off', () => {
  it('refuses email sign-up when ENABLE_EMAIL_SIGNIN is false', async () => {
    const off = await startTestServer({ env: { ENABLE_EMAIL_SIGNIN: 'false' } });
    try {
      const response = await off.fetch('/api/v1/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: off.url },
        body: JSON.stringify({ name: 'X', email: 'x@example.com', password: 'long enough pass' }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect((await bodyOf(await off.fetch('/api/v1/config')))?.enableEmailSignin).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('test-only start options', () => {
  it('refuses a shorter device-login poll interval in production', async () => {
    await expect(
      startServer({ ...server.env, NODE_ENV: 'production' }, { devicePollIntervalSeconds: 1 }),
    ).rejects.toThrow(/devicePollIntervalSeconds is for tests/);
  });

  it('refuses the cheap test password hash in production', async () => {
    await expect(
      startServer({ ...server.env, NODE_ENV: 'production' }, { testPasswordHashing: true }),
    ).rejects.toThrow(/testPasswordHashing is for tests/);
  });
});

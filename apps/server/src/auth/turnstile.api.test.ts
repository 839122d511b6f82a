import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAgent, type AuthError, TEST_PASSWORD, uniqueEmail } from '../testing/auth-agent';
import { type FakeTurnstile, startFakeTurnstile } from '../testing/fake-turnstile';
import { serverForFile, startTestServer, type TestServer } from '../testing/harness';

/**
 * With TURNSTILE_SECRET_KEY set, email sign-in and sign-up need a Turnstile token that the
 * verify endpoint (TURNSTILE_VERIFY_URL, Cloudflare's by default) accepts.
 */

const SECRET = '0x4AAAAAAA-test-secret';
const GOOD_TOKEN = 'token-the-widget-gave';

let turnstile: FakeTurnstile;
let server: TestServer;

beforeAll(async () => {
  turnstile = await startFakeTurnstile({ secret: SECRET, acceptedTokens: [GOOD_TOKEN] });
  server = await startTestServer({
    env: {
      TURNSTILE_SECRET_KEY: SECRET,
      TURNSTILE_VERIFY_URL: turnstile.url,
      TURNSTILE_SITE_KEY: '0x4AAAA-site',
    },
  });
});

afterAll(async () => {
  await server?.close();
  await turnstile?.close();
});

const email = uniqueEmail('Tess');
const signUpBody = { name: 'Tess', email, password: TEST_PASSWORD };
const signInBody = { email, password: TEST_PASSWORD };

function post(path: string, body: unknown, token?: string) {
  return new AuthAgent(server).post<AuthError & { user?: { email: string } }>(
    `/api/v1/auth${path}`,
    body,
    token === undefined ? {} : { headers: { 'x-captcha-response': token } },
  );
}

describe('sign-up', () => {
  it('is refused without a token, and the verify endpoint is not even asked', async () => {
    const before = turnstile.requests.length;
    const answer = await post('/sign-up/email', signUpBody);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('MISSING_RESPONSE');
    expect(turnstile.requests.length).toBe(before);
  });

  it('is refused with a token the verify endpoint rejects', async () => {
    const answer = await post('/sign-up/email', signUpBody, 'forged-token');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('VERIFICATION_FAILED');
    expect(turnstile.requests.at(-1)).toMatchObject({ secret: SECRET, response: 'forged-token' });
  });

  it('succeeds with a token the verify endpoint accepts', async () => {
    const answer = await post('/sign-up/email', signUpBody, GOOD_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.body.user?.email).toBe(email);
  });
});

describe('sign-in', () => {
  it('is refused without a token', async () => {
    const answer = await post('/sign-in/email', signInBody);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('MISSING_RESPONSE');
  });

  it('is refused with a rejected token, even with the right password', async () => {
    const answer = await post('/sign-in/email', signInBody, 'replayed-token');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('VERIFICATION_FAILED');
  });

  it('succeeds with an accepted token', async () => {
    const answer = await post('/sign-in/email', signInBody, GOOD_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.body.user?.email).toBe(email);
  });
});

describe('the rest of the API', () => {
  it('needs no token, and the site key reaches the web app', async () => {
    const config = await new AuthAgent(server).get<{ turnstileSiteKey: string }>('/api/v1/config');
    expect(config.body.turnstileSiteKey).toBe('0x4AAAA-site');
    const session = await new AuthAgent(server).get('/api/v1/auth/get-session');
    expect(session.status).toBe(200);
  });

  it('is off when no secret is set: sign-up needs no token', async () => {
    // Any server without the secret: the worker's shared one, on PGlite.
    const { server: off, release } = await serverForFile();
    try {
      const answer = await new AuthAgent(off).post('/api/v1/auth/sign-up/email', {
        name: 'Una',
        email: uniqueEmail('Una'),
        password: TEST_PASSWORD,
      });
      expect(answer.status).toBe(200);
    } finally {
      await release();
    }
  });
});

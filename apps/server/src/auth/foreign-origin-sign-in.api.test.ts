import { describe, expect, it } from 'vitest';
import { AuthAgent, type AuthError, signUp, TEST_PASSWORD, uniqueEmail } from '../testing/auth-agent';
import { useTestServer } from '../testing/server-hooks';

/**
 * Login CSRF: another site's page posts a sign-up or sign-in with its own account's details, so the
 * visitor's browser ends up signed in as that account and types their work into it. The visitor has no
 * cookie yet, so the cookie-only Origin check would not stop it; any write naming a foreign Origin is
 * refused, and no session or account comes of it.
 */

const fixture = useTestServer();
const FOREIGN = 'http://evil.example';

describe('writes posted from another site', () => {
  it('a sign-up from a foreign origin is refused and makes no account', async () => {
    const email = uniqueEmail('Eve Planted');
    const foreign = new AuthAgent(fixture.server, FOREIGN);
    const answer = await foreign.post<{ error: { code: string } }>('/api/v1/auth/sign-up/email', {
      name: 'Eve Planted',
      email,
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN_ORIGIN');
    expect(foreign.cookies.size).toBe(0);

    // The address is still free: the same sign-up from our own page succeeds.
    const own = await signUp(fixture.server, 'Eve Planted', { email });
    expect(own.user.email).toBe(email);
  });

  it('a sign-in from a foreign origin is refused and sets no session; from our page it works', async () => {
    const ann = await signUp(fixture.server, 'Ann Target');
    const foreign = new AuthAgent(fixture.server, FOREIGN);
    const refused = await foreign.post<{ error: { code: string } }>('/api/v1/auth/sign-in/email', {
      email: ann.user.email,
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN_ORIGIN');
    expect(foreign.cookies.size).toBe(0);

    const own = new AuthAgent(fixture.server);
    const accepted = await own.post<AuthError>('/api/v1/auth/sign-in/email', {
      email: ann.user.email,
      password: TEST_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(own.cookies.size).toBeGreaterThan(0);
  });

  it('a client that names no origin (the CLI, an API key) is not refused for it', async () => {
    const ann = await signUp(fixture.server, 'Ann Scripted');
    const answer = await fetch(`${fixture.server.url}/api/v1/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ann.user.email, password: TEST_PASSWORD }),
    });
    expect(answer.status).toBe(200);
  });
});

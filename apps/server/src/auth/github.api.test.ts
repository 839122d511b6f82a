import { account } from '@switchboard/auth/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthAgent, signUp } from '../testing/auth-agent';
import { type FakeGithub, type GithubProfile, githubProfile, startFakeGithub } from '../testing/fake-github';
import { serverForFile, startTestServer, type TestServer } from '../testing/harness';
import { type Organization, sessionOf } from '../testing/organizations';

/**
 * GitHub sign-in through better-auth's real OAuth flow against a GitHub on 127.0.0.1,
 * reached through the same settings (GITHUB_WEB_URL, GITHUB_API_URL) a GitHub Enterprise Server uses.
 */

const CLIENT = { clientId: 'Iv1.switchboard-test', clientSecret: 'github-test-secret-0123456789' };

let github: FakeGithub;
let server: TestServer;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  github = await startFakeGithub(CLIENT);
  server = await startTestServer({
    env: {
      ENABLE_GITHUB_SIGNIN: 'true',
      GITHUB_CLIENT_ID: CLIENT.clientId,
      GITHUB_CLIENT_SECRET: CLIENT.clientSecret,
      GITHUB_WEB_URL: github.url,
      GITHUB_API_URL: github.url,
    },
  });
});

afterAll(async () => {
  await server?.close();
  await github?.close();
  vi.restoreAllMocks();
});

interface Flow {
  /** Where the browser ends up after the callback. */
  location: URL;
  /** The authorisation request the server sent the browser to GitHub with. */
  authorize: URL;
}

/** A browser doing "Sign in with GitHub" from /auth, as the person GitHub has signed in. */
async function signInWithGithub(agent: AuthAgent, profile: GithubProfile | undefined): Promise<Flow> {
  github.signedInAs = profile;
  const start = await agent.post<{ url: string; redirect: boolean }>('/api/v1/auth/sign-in/social', {
    provider: 'github',
    callbackURL: '/oauth/callback',
    errorCallbackURL: '/oauth/callback',
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.redirect).toBe(true);
  const authorize = new URL(start.body.url);
  // The browser goes to GitHub (no cookies of ours travel there), which sends it back with a code.
  const atGithub = await fetch(authorize, { redirect: 'manual' });
  expect(atGithub.status).toBe(302);
  const back = new URL(atGithub.headers.get('location') ?? '');
  expect(back.origin).toBe(new URL(server.url).origin);
  const callback = await agent.raw(back.pathname + back.search);
  expect(callback.status).toBe(302);
  return { location: new URL(callback.headers.get('location') ?? '', server.url), authorize };
}

describe('GitHub sign-in', () => {
  it('advertises GitHub in the runtime configuration', async () => {
    const config = await new AuthAgent(server).get<{ enableGithubSignin: boolean }>('/api/v1/config');
    expect(config.body.enableGithubSignin).toBe(true);
  });

  it('sends the browser to the configured GitHub with the client id, scopes, state and PKCE', async () => {
    const agent = new AuthAgent(server);
    const start = await agent.post<{ url: string }>('/api/v1/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/oauth/callback',
    });
    const url = new URL(start.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.env.API_URL}/api/v1/auth/callback/github`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(['read:user', 'user:email']);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('signs a new person up, lands on /oauth/callback with a session, and gives them a personal organization', async () => {
    const grace = githubProfile('grace', { name: 'Grace Hopper' });
    const agent = new AuthAgent(server);
    const flow = await signInWithGithub(agent, grace);
    expect(flow.location.pathname).toBe('/oauth/callback');
    expect(flow.location.searchParams.get('error')).toBeNull();

    // The token exchange carried the client secret and the PKCE verifier.
    const exchange = github.tokenRequests.at(-1);
    expect(exchange?.client_id).toBe(CLIENT.clientId);
    expect(exchange?.code_verifier).toBeTruthy();

    const session = await sessionOf(agent);
    expect(session?.user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@users.example.com',
      image: 'https://avatars.example.com/grace.png',
    });
    const organizations = await agent.auth<Organization[]>('get', '/organization/list');
    expect(organizations.body).toHaveLength(1);
    expect(organizations.body[0]?.name).toBe("Grace Hopper's workspace");
    expect(session?.session.activeOrganizationId).toBe(organizations.body[0]?.id);
  });

  it('signs the same GitHub account in again as the same person, with one linked account', async () => {
    const linus = githubProfile('linus', { name: null });
    const first = new AuthAgent(server);
    await signInWithGithub(first, linus);
    const firstSession = await sessionOf(first);
    expect(firstSession?.user.name).toBe('linus');

    const second = new AuthAgent(server);
    const flow = await signInWithGithub(second, linus);
    expect(flow.location.pathname).toBe('/oauth/callback');
    const secondSession = await sessionOf(second);
    expect(secondSession?.user.id).toBe(firstSession?.user.id);
    expect(secondSession?.session.token).not.toBe(firstSession?.session.token);
    const accounts = await server.server.database.db
      .select()
      .from(account)
      .where(eq(account.userId, firstSession?.user.id ?? ''));
    expect(accounts.map((entry) => ({ providerId: entry.providerId, accountId: entry.accountId }))).toEqual([
      { providerId: 'github', accountId: String(linus.id) },
    ]);
    expect((await second.auth<Organization[]>('get', '/organization/list')).body).toHaveLength(1);
  });

  it('uses the primary verified address from /user/emails when the profile hides its address', async () => {
    const margaret = githubProfile('margaret', {
      email: null,
      emails: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'margaret@example.com', primary: true, verified: true },
      ],
    });
    const agent = new AuthAgent(server);
    await signInWithGithub(agent, margaret);
    expect((await sessionOf(agent))?.user.email).toBe('margaret@example.com');
  });

  it('does not join an existing email account whose address was never verified (no pre-hijacking)', async () => {
    // Someone registered Ken's address with a password of their own before Ken ever came.
    const squatter = await signUp(server, 'Squatter', { email: 'ken@example.com' });
    const ken = githubProfile('ken', {
      emails: [{ email: 'ken@example.com', primary: true, verified: true }],
    });
    const agent = new AuthAgent(server);
    const flow = await signInWithGithub(agent, ken);
    expect(flow.location.pathname).toBe('/oauth/callback');
    expect(flow.location.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionOf(agent)).toBeNull();
    const accounts = await server.server.database.db
      .select()
      .from(account)
      .where(eq(account.userId, squatter.user.id));
    expect(accounts.map((entry) => entry.providerId)).toEqual(['credential']);
  });

  it('does not join an existing account through an address GitHub has not verified', async () => {
    // A GitHub sign-up with a verified address makes a verified account…
    const owner = githubProfile('rightful', {
      emails: [{ email: 'rightful@example.com', primary: true, verified: true }],
    });
    const ownerAgent = new AuthAgent(server);
    await signInWithGithub(ownerAgent, owner);
    const ownerId = (await sessionOf(ownerAgent))?.user.id;
    // …which another GitHub account claiming that address, unverified, must not get into.
    const claimant = githubProfile('claimant', {
      emails: [{ email: 'rightful@example.com', primary: true, verified: false }],
    });
    const agent = new AuthAgent(server);
    const flow = await signInWithGithub(agent, claimant);
    expect(flow.location.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionOf(agent)).toBeNull();
    const accounts = await server.server.database.db
      .select()
      .from(account)
      .where(eq(account.userId, ownerId ?? ''));
    expect(accounts.map((entry) => entry.accountId)).toEqual([String(owner.id)]);
  });

  it('comes back with an error and no session when the person declines on GitHub', async () => {
    const agent = new AuthAgent(server);
    const flow = await signInWithGithub(agent, undefined);
    expect(flow.location.pathname).toBe('/oauth/callback');
    expect(flow.location.searchParams.get('error')).toBeTruthy();
    expect(await sessionOf(agent)).toBeNull();
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const victim = new AuthAgent(server);
    github.signedInAs = githubProfile('mallory');
    // The attacker starts a flow in their own browser and gets a code for their GitHub account…
    const attacker = new AuthAgent(server);
    const start = await attacker.post<{ url: string }>('/api/v1/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/oauth/callback',
      errorCallbackURL: '/oauth/callback',
    });
    const atGithub = await fetch(start.body.url, { redirect: 'manual' });
    const back = new URL(atGithub.headers.get('location') ?? '');
    // …and makes the victim's browser open the callback (login CSRF).
    const callback = await victim.raw(back.pathname + back.search);
    expect(callback.status).toBe(302);
    expect(
      new URL(callback.headers.get('location') ?? '', server.url).searchParams.get('error'),
    ).toBeTruthy();
    expect(await sessionOf(victim)).toBeNull();
  });

  it('refuses a code that GitHub does not accept', async () => {
    const agent = new AuthAgent(server);
    github.signedInAs = githubProfile('nobody');
    const start = await agent.post<{ url: string }>('/api/v1/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/oauth/callback',
      errorCallbackURL: '/oauth/callback',
    });
    const state = new URL(start.body.url).searchParams.get('state') ?? '';
    const callback = await agent.raw(
      `/api/v1/auth/callback/github?code=forged&state=${encodeURIComponent(state)}`,
    );
    expect(callback.status).toBe(302);
    expect(
      new URL(callback.headers.get('location') ?? '', server.url).searchParams.get('error'),
    ).toBeTruthy();
    expect(await sessionOf(agent)).toBeNull();
  });
});

describe('GitHub sign-in switched off', () => {
  it('has no github provider', async () => {
    // The worker's shared server is one started without GitHub sign-in.
    const { server: off, release } = await serverForFile();
    try {
      expect(off.env.ENABLE_GITHUB_SIGNIN).toBe(false);
      const answer = await new AuthAgent(off).post('/api/v1/auth/sign-in/social', {
        provider: 'github',
        callbackURL: '/oauth/callback',
      });
      expect(answer.status).toBe(404);
    } finally {
      await release();
    }
  });
});

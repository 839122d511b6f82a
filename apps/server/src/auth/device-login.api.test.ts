// `switchboard login` on the server: better-auth's device authorization plugin as packages/auth
// device.ts configures it (RFC 8628, stricter than the plugin's defaults).
import { DEVICE_CODE_LIFETIME_SECONDS, USER_CODE_ALPHABET, WRONG_CODE_LIMIT } from '@switchboard/auth/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCode } from '../db/schema';
import { answerOf, type Person, signUp } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';
import { createOrganization, sessionOf } from '../testing/organizations';
import type { Json } from '../testing/projects';

let server: TestServer;
let ada: Person;

beforeAll(async () => {
  server = await startTestServer();
  ada = await signUp(server, 'Ada');
});

afterAll(async () => {
  await server?.close();
});

const db = () => server.server.database.db;
const CLI_AGENT = 'switchboard-cli/1.2.3 (ada-laptop; linux x64; node v20.19.0)';

/** A call as the CLI makes it: JSON, no cookie, no Origin. */
async function cli(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await server.fetch(`/api/v1/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CLI_AGENT, ...headers },
    body: JSON.stringify(body),
  });
  return answerOf<Json>(response);
}

async function startLogin(deviceName = 'ada-laptop') {
  const answer = await cli('/device/code', { client_id: 'switchboard-cli', device_name: deviceName });
  expect(answer.status).toBe(200);
  return answer.body as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    expires_in: number;
    interval: number;
  };
}

const poll = (code: string) =>
  cli('/device/token', {
    grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    device_code: code,
    client_id: 'switchboard-cli',
  });

/** Lets the next poll through without waiting out the interval. */
async function forgetLastPoll(code: string) {
  await db()
    .update(deviceCode)
    .set({ lastPolledAt: new Date(Date.now() - 120_000) })
    .where(eq(deviceCode.deviceCode, code));
}

const dashed = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();

describe('starting a login', () => {
  it('answers an 8-letter code from the unambiguous alphabet, 15 minutes, 5 s and the verification page', async () => {
    const started = await startLogin();
    expect(started.user_code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
    expect(started.device_code.length).toBeGreaterThanOrEqual(40);
    expect(started.expires_in).toBe(DEVICE_CODE_LIFETIME_SECONDS);
    expect(started.expires_in).toBeLessThanOrEqual(900);
    expect(started.interval).toBe(5);
    expect(started.verification_uri).toBe(`${server.env.APP_URL}/auth/cli-verify`);
    const [row] = await db().select().from(deviceCode).where(eq(deviceCode.deviceCode, started.device_code));
    expect(row).toMatchObject({ deviceName: 'ada-laptop', clientId: 'switchboard-cli', status: 'pending' });
  });

  it('refuses unknown clients, a pre-bound user and a malformed device name', async () => {
    expect((await cli('/device/code', { client_id: 'evil-cli' })).body).toMatchObject({
      error: 'invalid_client',
    });
    const bound = await cli('/device/code', { client_id: 'switchboard-cli', user_id: ada.user.id });
    expect(bound.status).toBe(400);
    expect(bound.body).toMatchObject({ error: 'invalid_request' });
    const named = await cli('/device/code', { client_id: 'switchboard-cli', device_name: 42 });
    expect(named.status).toBe(400);
  });
});

describe('polling', () => {
  it('says pending, then slow_down for an early poll, and each slow_down adds 5 s for that code', async () => {
    const started = await startLogin();
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'authorization_pending' });
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'slow_down' });
    const interval = async () =>
      (await db().select().from(deviceCode).where(eq(deviceCode.deviceCode, started.device_code)))[0]
        ?.pollingInterval;
    expect(await interval()).toBe(10_000);
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'slow_down' });
    expect(await interval()).toBe(15_000);
  });

  it('ends with expired_token once the code has expired, on both sides', async () => {
    const started = await startLogin();
    await db()
      .update(deviceCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceCode.deviceCode, started.device_code));
    const shown = await ada.auth<Json>('get', '/device', { user_code: started.user_code });
    expect(shown.status).toBe(400);
    expect(shown.body).toMatchObject({ error: 'expired_token' });
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'expired_token' });
  });
});

describe('approving in the browser', () => {
  it('shows the owner which device asks, takes the code in any case and with a dash, and issues a CLI session in the approving organization', async () => {
    const second = await createOrganization(ada, 'Second Org');
    expect((await ada.auth('post', '/organization/set-active', { organizationId: second.id })).status).toBe(
      200,
    );
    const started = await startLogin('build-box');
    const shown = await ada.auth<Json>('get', '/device', { user_code: dashed(started.user_code) });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      user_code: started.user_code,
      status: 'pending',
      client_id: 'switchboard-cli',
      device_name: 'build-box',
    });
    expect(Date.parse(shown.body.expires_at)).toBeGreaterThan(Date.now());

    const approved = await ada.auth<Json>('post', '/device/approve', { userCode: dashed(started.user_code) });
    expect(approved.status).toBe(200);
    await forgetLastPoll(started.device_code);
    const token = await poll(started.device_code);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer' });
    const accessToken = token.body.access_token as string;

    const session = await server.fetch('/api/v1/auth/get-session', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = (await session.json()) as Json;
    expect(body.user.id).toBe(ada.user.id);
    expect(body.session.activeOrganizationId).toBe(second.id);
    expect(body.session.userAgent).toBe(CLI_AGENT);

    // One redemption only.
    await forgetLastPoll(started.device_code);
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'invalid_grant' });

    // The web's list of sessions shows it, and revoking it ends it.
    const sessions = await ada.auth<Json[]>('get', '/list-sessions');
    const listed = sessions.body.find((item: Json) => item.token === accessToken);
    expect(listed?.userAgent).toBe(CLI_AGENT);
    expect((await ada.auth('post', '/revoke-session', { token: accessToken })).status).toBe(200);
    const projects = await server.fetch('/api/v1/projects', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(projects.status).toBe(401);
  });

  it('stamps a session whose client sent no CLI user agent so it still reads as a device login', async () => {
    const started = await startLogin('raw-client');
    await ada.auth('get', '/device', { user_code: started.user_code });
    await ada.auth('post', '/device/approve', { userCode: started.user_code });
    await forgetLastPoll(started.device_code);
    const token = await cli(
      '/device/token',
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: started.device_code,
        client_id: 'switchboard-cli',
      },
      { 'user-agent': 'curl/8.0' },
    );
    expect(token.status).toBe(200);
    const sessions = await ada.auth<Json[]>('get', '/list-sessions');
    const listed = sessions.body.find((item: Json) => item.token === token.body.access_token);
    expect(listed?.userAgent).toBe('switchboard-cli/unknown (raw-client) curl/8.0');
  });

  it('denial ends the login: the device hears access_denied, then the code is gone', async () => {
    const started = await startLogin();
    await ada.auth('get', '/device', { user_code: started.user_code });
    expect((await ada.auth('post', '/device/deny', { userCode: started.user_code })).status).toBe(200);
    const shown = await ada.auth<Json>('get', '/device', { user_code: started.user_code });
    expect(shown.body).toMatchObject({ status: 'denied' });
    await forgetLastPoll(started.device_code);
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'access_denied' });
    await forgetLastPoll(started.device_code);
    expect((await poll(started.device_code)).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('a code claimed by one account cannot be approved by another, nor approved signed out', async () => {
    const started = await startLogin();
    await ada.auth('get', '/device', { user_code: started.user_code });
    const mallory = await signUp(server, 'Mallory');
    const shown = await mallory.auth<Json>('get', '/device', { user_code: started.user_code });
    expect(shown.status).toBe(200);
    expect(shown.body.client_id).toBeUndefined();
    expect(shown.body.device_name).toBeUndefined();
    expect((await mallory.auth('post', '/device/approve', { userCode: started.user_code })).status).toBe(403);
    const anonymous = await server.fetch('/api/v1/auth/device/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ userCode: started.user_code }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('wrong codes', () => {
  it('limits wrong entries per account: after the limit even the right code waits', async () => {
    const grace = await signUp(server, 'Grace');
    const started = await startLogin();
    for (let attempt = 0; attempt < WRONG_CODE_LIMIT.perUser; attempt++) {
      const wrong = await grace.auth<Json>('get', '/device', { user_code: 'BBBB-BBBB' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: 'invalid_request' });
    }
    const locked = await grace.auth<Json>('get', '/device', { user_code: started.user_code });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_WRONG_CODES' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const approve = await grace.auth<Json>('post', '/device/approve', { userCode: started.user_code });
    expect(approve.status).toBe(429);
    // Ada, on her own account, is not affected by Grace's guesses (the shared test address has room).
    expect((await ada.auth('get', '/device', { user_code: started.user_code })).status).toBe(200);
    await db().execute(sql`delete from rate_limit where key like 'device-code-miss|%'`);
  });
});

describe('logging out from the CLI', () => {
  it('sign-out with the bearer token ends that session only', async () => {
    const started = await startLogin();
    await ada.auth('get', '/device', { user_code: started.user_code });
    await ada.auth('post', '/device/approve', { userCode: started.user_code });
    await forgetLastPoll(started.device_code);
    const accessToken = (await poll(started.device_code)).body.access_token as string;
    const out = await server.fetch('/api/v1/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const after = await server.fetch('/api/v1/projects', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.status).toBe(401);
    expect(await sessionOf(ada)).not.toBeNull();
  });
});

describe('form-encoded device requests', () => {
  /** A call as an RFC 8628 client makes it: an application/x-www-form-urlencoded body. */
  async function form(path: string, fields: string | Record<string, string>) {
    const response = await server.fetch(`/api/v1/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CLI_AGENT },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
    return answerOf<Json>(response);
  }

  it('starts a login and redeems its token with form bodies, as device clients send them', async () => {
    const started = await form('/device/code', { client_id: 'switchboard-cli', device_name: 'form box' });
    expect(started.status).toBe(200);
    expect(started.body.user_code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
    const [row] = await db()
      .select()
      .from(deviceCode)
      .where(eq(deviceCode.deviceCode, started.body.device_code));
    expect(row?.deviceName).toBe('form box');

    const fields = {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: started.body.device_code as string,
      client_id: 'switchboard-cli',
    };
    expect((await form('/device/token', fields)).body).toMatchObject({ error: 'authorization_pending' });
    await ada.auth('get', '/device', { user_code: started.body.user_code });
    expect((await ada.auth('post', '/device/approve', { userCode: started.body.user_code })).status).toBe(
      200,
    );
    await forgetLastPoll(started.body.device_code);
    const token = await form('/device/token', fields);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer' });
  });

  it('answers a form naming a parameter twice with invalid_request', async () => {
    const answer = await form('/device/code', 'client_id=switchboard-cli&client_id=evil-cli');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_request' });
  });

  it('still refuses form bodies on every other route, better-auth’s and ours', async () => {
    const approve = await form('/device/approve', { userCode: 'BCDFGHJK' });
    expect(approve.status).toBe(415);
    const signIn = await form('/sign-in/email', { email: ada.user.email, password: ada.password });
    expect(signIn.status).toBe(415);
    const projects = await server.fetch('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${ada.token}` },
      body: 'name=Nope&key=NOPE',
    });
    expect(projects.status).toBe(415);
  });
});

// `switchboard login`, `whoami` and `logout` as real processes against a real server; the test plays the
// browser through the web API (the verify page's calls), approving or denying the code the CLI prints.
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { startTestServer, type TestServer } from '@switchboard/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asBrowser,
  buildCli,
  type CliUser,
  decideDeviceLogin,
  type Json,
  makeCliUser,
  runCli,
  runJson,
  signUpWebUser,
  startCli,
  type WebUser,
} from './cli-support';

let server: TestServer;
let bundle: string;
let ada: WebUser;

beforeAll(async () => {
  // A 1-second poll interval instead of 5: the flow is the same, the waits shorter.
  [server, bundle] = await Promise.all([
    startTestServer({ start: { devicePollIntervalSeconds: 1 } }),
    buildCli(),
  ]);
  ada = await signUpWebUser(server, 'Ada');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const CODE_LINE = /Your one-time code: ([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})/;

/** Starts `login --no-browser`, and answers the code it printed and the link it asks to open. */
async function startLogin(user: CliUser) {
  const cli = startCli(bundle, user, ['login', '--no-browser']);
  const [, code] = await cli.waitFor(CODE_LINE);
  const [, link] = await cli.waitFor(/Approve it at:\s+(\S+)/);
  return { cli, code: code as string, link: link as string };
}

function storedToken(user: CliUser): string {
  const config = JSON.parse(readFileSync(user.configFile, 'utf8')) as Json;
  return config.credentials[server.url].token;
}

describe('login', () => {
  it('prints a code and the verify link, waits for approval in the browser, then stores the token 0600', async () => {
    const user = makeCliUser(server);
    const { cli, code, link } = await startLogin(user);
    expect(link).toBe(`${server.env.APP_URL}/auth/cli-verify?code=${code}`);
    await cli.waitFor(/Waiting for approval in the browser/);

    await decideDeviceLogin(server, ada, code, 'approve');
    const result = await cli.exited;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Logged in to ${server.url} as Ada <${ada.email}>`));

    expect(statSync(user.configFile).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(user.configFile)).mode & 0o777).toBe(0o700);
    const token = storedToken(user);
    expect(token).not.toBe('');

    const me = await runJson<Json>(bundle, user, ['whoami']);
    expect(me).toMatchObject({
      server: server.url,
      user: { id: ada.id, email: ada.email },
      device: 'test-box',
    });
    expect(me.organization).toMatchObject({ name: "Ada's workspace" });

    // The server sees a CLI session named after the device, which the connected-devices page lists.
    const sessions = await asBrowser(server, ada, 'GET', '/api/v1/auth/list-sessions');
    const cliSession = sessions.body.find((session: Json) => session.token === token);
    expect(cliSession.userAgent).toMatch(/^switchboard-cli\/\S+ \(test-box; /);

    // logout revokes the token on the server, not only here.
    const out = await runCli(bundle, user, ['logout']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Logged out of ${server.url}`);
    const refused = await server.fetch('/api/v1/projects', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    const config = JSON.parse(readFileSync(user.configFile, 'utf8')) as Json;
    expect(config.credentials[server.url]).toBeUndefined();

    const after = await runCli(bundle, user, ['whoami']);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('Not logged in');
  }, 60_000);

  it('exits 3 and stores nothing when the login is denied in the browser', async () => {
    const user = makeCliUser(server);
    const { cli, code } = await startLogin(user);
    await decideDeviceLogin(server, ada, code, 'deny');
    const result = await cli.exited;
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('The login was denied in the browser');
    const whoami = await runCli(bundle, user, ['whoami']);
    expect(whoami.code).toBe(3);
  }, 60_000);

  it('a login revoked on the connected-devices page makes the next command say it is logged out (exit 3)', async () => {
    const user = makeCliUser(server);
    const { cli, code } = await startLogin(user);
    await decideDeviceLogin(server, ada, code, 'approve');
    expect((await cli.exited).code).toBe(0);
    const token = storedToken(user);

    const revoked = await asBrowser(server, ada, 'POST', '/api/v1/auth/revoke-session', { token });
    expect(revoked.status).toBe(200);

    const whoami = await runCli(bundle, user, ['whoami']);
    expect(whoami.code).toBe(3);
    expect(whoami.stderr).toContain('logged out');
    const projects = await runCli(bundle, user, ['project', 'list']);
    expect(projects.code).toBe(3);
    expect(projects.stderr).toContain('switchboard login');
  }, 60_000);

  it('logout without a login says so and succeeds', async () => {
    const user = makeCliUser(server);
    const result = await runCli(bundle, user, ['logout']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Not logged in');
  });
});

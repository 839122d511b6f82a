import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliConfig } from '../config';
import { readCliEnv } from '../env';
import { run } from '../run';
import { testContext } from '../test-context';

const SERVER = 'http://switchboard.test';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A login against a scripted server whose approved token it then does not recognise. */
function loginAgainst(answer: (path: string) => Response) {
  const output = { stdout: '', stderr: '' };
  const base = testContext();
  const config = new CliConfig({ configDir: join(base.cwd, 'config') });
  const context = testContext({
    env: readCliEnv({ HOME: base.cwd, SWITCHBOARD_API_URL: SERVER, NO_COLOR: '1' }),
    config,
    stdout: { write: (text: string) => (output.stdout += text) },
    stderr: { write: (text: string) => (output.stderr += text) },
    fetch: async (input) => answer(new URL(String(input)).pathname),
  });
  return { output, config, login: () => run(['node', 'switchboard', 'login', '--no-browser'], context) };
}

describe('login', () => {
  it('says in words, without a stack, when the server does not recognise the token it issued', async () => {
    const { output, config, login } = loginAgainst((path) => {
      if (path === '/api/v1/auth/device/code')
        return json(200, {
          device_code: 'device',
          user_code: 'BCDFGHJK',
          verification_uri: `${SERVER}/auth/cli-verify`,
          expires_in: 60,
          interval: 1,
        });
      if (path === '/api/v1/auth/device/token')
        return json(200, { access_token: 'token', token_type: 'Bearer' });
      if (path === '/api/v1/auth/get-session') return json(200, null);
      return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route.' } });
    });
    expect(await login()).toBe(1);
    expect(output.stderr).toContain('does not recognise the token it issued; nothing was stored');
    expect(output.stderr).not.toMatch(/\n\s+at /);
    expect(config.credential(SERVER)).toBeUndefined();
  });
});

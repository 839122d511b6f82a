import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliConfig } from './config';
import { readCliEnv } from './env';
import { run } from './run';
import { testContext } from './test-context';

const SERVER = 'http://switchboard.test';

const project = {
  id: 'p1',
  organizationId: 'o1',
  key: 'SWB',
  name: 'Switchboard',
  description: '',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  counts: { tasks: 0, openTasks: 0, workUnits: 0 },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A logged-in CLI user in a scratch home, talking to a scripted server, with output captured. */
function scenario(answer: (url: URL) => Response) {
  const home = mkdtempSync(join(tmpdir(), 'switchboard-run-'));
  const config = new CliConfig({ configDir: join(home, 'config') });
  config.setCredential(SERVER, {
    token: 'session-token',
    userId: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const requests: { url: URL; authorization: string | null }[] = [];
  const output = { stdout: '', stderr: '' };
  const context = testContext({
    cwd: home,
    env: readCliEnv({ HOME: home, SWITCHBOARD_API_URL: SERVER }),
    config,
    stdout: { write: (text: string) => (output.stdout += text) },
    stderr: { write: (text: string) => (output.stderr += text) },
    fetch: async (input, init) => {
      const url = new URL(String(input));
      requests.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return answer(url);
    },
  });
  const cli = (...args: string[]) => run(['node', 'switchboard', ...args], context);
  return { home, config, requests, output, cli };
}

describe('run', () => {
  it("exits with the code the error's registry code maps to and prints the server's message", async () => {
    const { cli, output, requests } = scenario(() =>
      json(404, {
        error: { code: 'TASK_NOT_FOUND', message: 'There is no task SWB-9 in this organization.' },
      }),
    );
    expect(await cli('task', 'show', 'SWB-9')).toBe(4);
    expect(output.stderr).toBe('error: There is no task SWB-9 in this organization.\n');
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/v1/tasks/SWB-9']);
    expect(requests[0]?.authorization).toBe('Bearer session-token');
  });

  it('exits 2 when the server refuses the input as VALIDATION_FAILED', async () => {
    const { cli, output } = scenario(() =>
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'title: Too big.' } }),
    );
    expect(await cli('task', 'create', 'x', '--project', 'SWB')).toBe(2);
    expect(output.stderr).toBe('error: title: Too big.\n');
  });

  it('links the repository of the folder the context names, not the process working folder', async () => {
    const { cli, config, home, output } = scenario((url) =>
      url.pathname === '/api/v1/projects' ? json(200, { items: [project] }) : json(500, {}),
    );
    mkdirSync(join(home, '.git'));
    expect(await cli('project', 'use', 'swb')).toBe(0);
    const root = realpathSync(home);
    expect(output.stdout).toBe(`Linked ${root} to SWB (Switchboard).\n`);
    expect(config.link(root)).toMatchObject({ server: SERVER, projectId: 'p1', projectKey: 'SWB' });
  });

  it("outside a repository, says so about the context's folder", async () => {
    const { cli, home, output } = scenario(() => json(500, {}));
    expect(await cli('project', 'use', 'SWB')).toBe(1);
    expect(output.stderr).toContain(`${home} is not inside a git repository`);
  });
});

// The CLI's everyday manners, as real processes against real servers: an existing login is not
// replaced by accident, the login link follows the API URL the CLI was given, errors carry the
// server's words, tasks name their blockers by key, and a git worktree uses its repository's link.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  git,
  gitInit,
  type Json,
  loggedInCliForFile,
  makeCliUser,
  runCli,
  runJson,
  startCli,
} from './cli-support';

const cli = loggedInCliForFile(async ({ server, ada }) => {
  for (const key of ['POL', 'ALT']) await createProject(server, ada, { name: `Project ${key}`, key });
});

describe('login', () => {
  it('says who is logged in already and offers logout or --force, instead of replacing the login', async () => {
    const again = await runCli(cli.bundle, cli.user, ['login', '--no-browser']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Already logged in to ${cli.server.url} as Ada <${cli.ada.email}>`);
    expect(again.stderr).toContain('switchboard logout');
    expect(again.stderr).toContain('switchboard login --force');
    expect(again.stderr).not.toContain('one-time code');

    const forced = startCli(cli.bundle, cli.user, ['login', '--no-browser', '--force']);
    try {
      await forced.waitFor(/Your one-time code:/);
    } finally {
      forced.stop();
    }
  }, 60_000);

  it('links to the web app on the API URL it was given when the server names an address it is not reached by', async () => {
    // The server knows itself as 127.0.0.1 (its API_URL and APP_URL); this CLI reaches it by another
    // host name, so the address the server names for its web app may not reach it.
    const given = new URL(cli.server.url);
    given.hostname = 'localhost';
    expect(given.origin).not.toBe(new URL(cli.server.env.APP_URL).origin);
    const stranger = makeCliUser(cli.server, { SWITCHBOARD_API_URL: given.origin });
    const login = startCli(cli.bundle, stranger, ['login', '--no-browser']);
    try {
      const [, link] = await login.waitFor(/Approve it at:\s+(\S+)/);
      expect(new URL(link ?? '').origin).toBe(given.origin);
      expect(link).toContain('/auth/cli-verify?code=');
    } finally {
      login.stop();
    }
  }, 60_000);
});

describe('errors', () => {
  it("prints the server's message and each refused field, never only the status line", async () => {
    const result = await runCli(cli.bundle, cli.user, [
      'task',
      'create',
      'A task',
      '--project',
      'POL',
      '--assignee',
      'not a name',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/^error: 400 Bad Request$/m);
    expect(result.stderr).toContain('assignee: must be an agent name like backend-dev');
  });

  it('names the allowed values when an option takes one of a list', async () => {
    const create = ['task', 'create', 'A task', '--project', 'POL'];
    expect(await runCli(cli.bundle, cli.user, [...create, '--priority', 'urgent'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--priority: must be one of low, medium, high'),
    });
  });
});

describe('tasks', () => {
  it('task show and task list name blockers by key', async () => {
    const first = await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/projects', {
      name: 'Keys',
      key: 'KEY',
    });
    const projectId = first.body.id;
    const blocker = await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/projects/${projectId}/tasks`, {
      title: 'Lay the foundation',
    });
    const blocked = await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/projects/${projectId}/tasks`, {
      title: 'Build the walls',
      blockedBy: [blocker.body.key],
    });
    expect(blocked.status).toBe(201);

    const shown = await runCli(cli.bundle, cli.user, ['task', 'show', blocked.body.key]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Blocked by: ${blocker.body.key}`);
    expect(shown.stdout).not.toContain(blocker.body.id);

    const listed = await runCli(cli.bundle, cli.user, ['task', 'list', '--project', 'KEY']);
    expect(listed.code).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.startsWith(blocked.body.key));
    expect(row).toContain(blocker.body.key);
    expect(listed.stdout).not.toContain(blocker.body.id);
  });
});

describe('git worktrees', () => {
  it('a worktree uses the project its main repository is linked to', async () => {
    const main = join(cli.user.home, 'app');
    const worktree = join(cli.user.home, 'app-feature');
    await gitInit(main);
    await git(main, 'commit', '-q', '--allow-empty', '-m', 'start');
    await git(main, 'worktree', 'add', '-q', '-b', 'feature', worktree);

    const linked = await runCli(cli.bundle, cli.user, ['project', 'use', 'POL'], { cwd: main });
    expect(linked.code).toBe(0);

    const created = await runCli(cli.bundle, cli.user, ['task', 'create', 'From the worktree'], {
      cwd: worktree,
    });
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created POL-\d+: From the worktree/);

    // Linking from a worktree links the repository: its main folder sees the same project.
    const relinked = await runCli(cli.bundle, cli.user, ['project', 'use', 'ALT'], { cwd: worktree });
    expect(relinked.code).toBe(0);
    const fromMain = await runJson<Json[]>(cli.bundle, cli.user, ['project', 'list'], { cwd: main });
    expect(fromMain.find((project) => project.linked)?.key).toBe('ALT');
  });
});

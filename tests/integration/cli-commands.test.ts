// org, project and task commands as real processes against a real server, read back with --json, and
// the exit codes scripts rely on (0 ok, 1 failure, 2 usage, 3 not logged in, 4 not found).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  type Json,
  loggedInCliForFile,
  makeCliUser,
  runCli,
  runJson,
  userRepository,
} from './cli-support';

let repo: string;
let otherOrg: Json;

const cli = loggedInCliForFile(async ({ server, ada, user }) => {
  for (const key of ['SWB', 'WEB']) await createProject(server, ada, { name: `Project ${key}`, key });
  const org = await asBrowser(server, ada, 'POST', '/api/v1/auth/organization/create', {
    name: 'Second Org',
    slug: `second-${Date.now()}`,
    keepCurrentActiveOrganization: true,
  });
  expect(org.status).toBe(200);
  otherOrg = org.body;
  repo = await userRepository(user);
  mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
});

describe('without a login', () => {
  it('every command that needs one exits 3 and says how to log in', async () => {
    const stranger = makeCliUser(cli.server);
    for (const args of [
      ['whoami'],
      ['org', 'list'],
      ['project', 'list'],
      ['task', 'list', '--project', 'SWB'],
    ]) {
      const result = await runCli(cli.bundle, stranger, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toContain('switchboard login');
    }
  });
});

describe('org', () => {
  it('lists the organizations with the active one marked, and switches the CLI to another', async () => {
    const before = await runJson<Json[]>(cli.bundle, cli.user, ['org', 'list']);
    expect(before.map((item) => item.name).sort()).toEqual(["Ada's workspace", 'Second Org']);
    expect(before.find((item) => item.active)?.name).toBe("Ada's workspace");

    const text = await runCli(cli.bundle, cli.user, ['org', 'list']);
    expect(text.stdout).toMatch(/^\*\s+Ada's workspace/m);

    const used = await runJson<Json>(cli.bundle, cli.user, ['org', 'use', otherOrg.slug]);
    expect(used.id).toBe(otherOrg.id);
    const after = await runJson<Json[]>(cli.bundle, cli.user, ['org', 'list']);
    expect(after.find((item) => item.active)?.id).toBe(otherOrg.id);
    // The browser's own session stays where it was.
    const browser = await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/auth/get-session');
    expect(browser.body.session.activeOrganizationId).not.toBe(otherOrg.id);

    expect((await runCli(cli.bundle, cli.user, ['org', 'use', "ada's workspace"])).code).toBe(0);
    const missing = await runCli(cli.bundle, cli.user, ['org', 'use', 'nowhere']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('nowhere');
  });
});

describe('project', () => {
  it('lists projects and links the git repository from any folder inside it, without writing into it', async () => {
    const projects = await runJson<Json[]>(cli.bundle, cli.user, ['project', 'list']);
    expect(projects.map((item) => item.key)).toEqual(['SWB', 'WEB']);
    expect(projects.every((item) => item.linked === false)).toBe(true);

    const linked = await runJson<Json>(cli.bundle, cli.user, ['project', 'use', 'swb'], {
      cwd: join(repo, 'src', 'deep'),
    });
    expect(linked).toMatchObject({ repository: repo, projectKey: 'SWB', server: cli.server.url });
    const config = JSON.parse(readFileSync(cli.user.configFile, 'utf8')) as Json;
    expect(config.links[repo].projectKey).toBe('SWB');

    const listed = await runJson<Json[]>(cli.bundle, cli.user, ['project', 'list'], { cwd: repo });
    expect(listed.find((item) => item.linked)?.key).toBe('SWB');
    const table = await runCli(cli.bundle, cli.user, ['project', 'list'], { cwd: repo });
    expect(table.stdout).toMatch(/^\*\s+SWB\s+Project SWB/m);
  });

  it('refuses to link outside a git repository (1) and an unknown project (4)', async () => {
    const outside = await runCli(cli.bundle, cli.user, ['project', 'use', 'SWB'], { cwd: cli.user.cwd });
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('not inside a git repository');
    const unknown = await runCli(cli.bundle, cli.user, ['project', 'use', 'NOPE'], { cwd: repo });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('SWB, WEB');
  });
});

describe('task', () => {
  it('creates, lists, shows and moves tasks of the linked project', async () => {
    const created = await runJson<Json>(
      cli.bundle,
      cli.user,
      ['task', 'create', 'Wire', 'the', 'CLI', '--priority', 'high', '-d', 'Use **commander**.'],
      { cwd: repo },
    );
    expect(created).toMatchObject({ key: 'SWB-1', title: 'Wire the CLI', priority: 'high', status: 'Todo' });
    const second = await runJson<Json>(
      cli.bundle,
      cli.user,
      ['task', 'create', 'Second one', '--status', 'review'],
      { cwd: repo },
    );
    expect(second).toMatchObject({ key: 'SWB-2', status: 'Review' });

    const listed = await runJson<Json[]>(cli.bundle, cli.user, ['task', 'list'], { cwd: repo });
    expect(listed.map((task) => [task.key, task.status])).toEqual([
      ['SWB-1', 'Todo'],
      ['SWB-2', 'Review'],
    ]);
    const filtered = await runJson<Json[]>(cli.bundle, cli.user, ['task', 'list', '--status', 'Review'], {
      cwd: repo,
    });
    expect(filtered.map((task) => task.key)).toEqual(['SWB-2']);

    const shown = await runJson<Json>(cli.bundle, cli.user, ['task', 'show', 'SWB-1']);
    expect(shown).toMatchObject({ key: 'SWB-1', description: 'Use **commander**.', status: 'Todo' });
    const text = await runCli(cli.bundle, cli.user, ['task', 'show', 'swb-1'.toUpperCase()]);
    expect(text.stdout).toContain('SWB-1  Wire the CLI');
    expect(text.stdout).toContain('Priority:  high');

    const moved = await runJson<Json>(cli.bundle, cli.user, ['task', 'move', 'SWB-1', 'in-progress']);
    expect(moved).toMatchObject({ key: 'SWB-1', status: 'In Progress' });
    const done = await runCli(cli.bundle, cli.user, ['task', 'move', 'SWB-1', 'Done']);
    expect(done).toMatchObject({ code: 0 });
    expect(done.stdout).toBe('Moved SWB-1 to Done.\n');

    const table = await runCli(cli.bundle, cli.user, ['task', 'list'], { cwd: repo });
    expect(table.stdout.split('\n')[0]).toMatch(
      /^KEY\s+STATUS\s+PRIORITY\s+ASSIGNEE\s+CLAIMED BY\s+BLOCKED BY\s+LABELS\s+TITLE$/,
    );
    expect(table.stdout).toMatch(/SWB-1\s+Done\s+high\s+-\s+-\s+-\s+-\s+Wire the CLI/);

    // --project works anywhere, without a link.
    const other = await runJson<Json[]>(cli.bundle, cli.user, ['task', 'list', '--project', 'WEB']);
    expect(other).toEqual([]);
  });

  it('answers 4 for an unknown task, 2 for bad input and a missing link', async () => {
    const missing = await runCli(cli.bundle, cli.user, ['task', 'show', 'SWB-999']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('SWB-999');
    const badPriority = await runCli(cli.bundle, cli.user, ['task', 'create', 'x', '--priority', 'urgent'], {
      cwd: repo,
    });
    expect(badPriority.code).toBe(2);
    expect(badPriority.stderr).toContain('--priority');
    const badStatus = await runCli(cli.bundle, cli.user, ['task', 'move', 'SWB-2', 'Nowhere']);
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain('Todo, In Progress, Review, Done');
    const badLimit = await runCli(cli.bundle, cli.user, ['task', 'list', '--limit', '0'], { cwd: repo });
    expect(badLimit.code).toBe(2);
    const unlinked = await runCli(cli.bundle, cli.user, ['task', 'list'], { cwd: cli.user.cwd });
    expect(unlinked.code).toBe(2);
    expect(unlinked.stderr).toContain('--project');
    const unknownProject = await runCli(cli.bundle, cli.user, ['task', 'list', '--project', 'NOPE']);
    expect(unknownProject.code).toBe(4);
  });
});

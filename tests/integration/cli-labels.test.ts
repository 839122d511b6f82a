// `switchboard task list --label` and `task create --label` as real processes against a real server.
import { describe, expect, it } from 'vitest';
import { asBrowser, createProject, type Json, loggedInCliForFile, runCli, runJson } from './cli-support';

const cli = loggedInCliForFile(async ({ server, ada }) => {
  await createProject(server, ada, { name: 'Labels', key: 'LAB' });
  for (const name of ['Bug', 'Frontend']) {
    const label = await asBrowser(server, ada, 'POST', '/api/v1/labels', { name });
    expect(label.status).toBe(201);
  }
});

describe('task labels on the command line', () => {
  it('creates with labels by name, lists them in the table and filters by every --label given', async () => {
    const both = await runJson<Json>(cli.bundle, cli.user, [
      'task',
      'create',
      'Broken button',
      '--project',
      'LAB',
      '--label',
      'bug',
      '--label',
      'FRONTEND',
    ]);
    expect(both.labels.map((label: Json) => label.name)).toEqual(['Bug', 'Frontend']);
    await runJson(cli.bundle, cli.user, [
      'task',
      'create',
      'Slow query',
      '--project',
      'LAB',
      '--label',
      'Bug',
    ]);
    await runJson(cli.bundle, cli.user, ['task', 'create', 'Plain', '--project', 'LAB']);

    const bugs = await runJson<Json[]>(cli.bundle, cli.user, [
      'task',
      'list',
      '--project',
      'LAB',
      '--label',
      'bug',
    ]);
    expect(bugs.map((task) => task.key)).toEqual(['LAB-1', 'LAB-2']);
    const all = await runJson<Json[]>(cli.bundle, cli.user, [
      'task',
      'list',
      '--project',
      'LAB',
      '--label',
      'Bug',
      '--label',
      'frontend',
    ]);
    expect(all.map((task) => task.key)).toEqual(['LAB-1']);

    const table = await runCli(cli.bundle, cli.user, ['task', 'list', '--project', 'LAB']);
    expect(table.stdout.split('\n')[0]).toMatch(/\bLABELS\s+TITLE$/);
    expect(table.stdout).toMatch(/LAB-1\s.*Bug, Frontend\s+Broken button/);
    expect(table.stdout).toMatch(/LAB-3\s.*-\s+Plain/);
    const none = await runCli(cli.bundle, cli.user, [
      'task',
      'list',
      '--project',
      'LAB',
      '--label',
      'Nothing',
    ]);
    expect(none.stdout).toBe('No tasks in LAB match.\n');

    const shown = await runCli(cli.bundle, cli.user, ['task', 'show', 'LAB-1']);
    expect(shown.stdout).toContain('Labels:    Bug, Frontend');
  });

  it('refuses an unknown label with exit 2, naming the labels there are', async () => {
    const refused = await runCli(cli.bundle, cli.user, [
      'task',
      'create',
      'Nope',
      '--project',
      'LAB',
      '--label',
      'Urgent',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No label named "Urgent". Labels: Bug, Frontend.');
  });

  it('explains --label in the help', async () => {
    const help = await runCli(cli.bundle, cli.user, ['task', 'list', '--help']);
    expect(help.stdout).toContain('--label <name>');
    // commander wraps long descriptions to the terminal's width.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('repeat for tasks with all of them');
  });
});

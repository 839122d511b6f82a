// `switchboard task list --label` and `task create --label` as real processes against a real server.
import type { TestServer } from '@switchboard/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asBrowser,
  type CliUser,
  createProject,
  type Json,
  runCli,
  runJson,
  startLoggedInCli,
  type WebUser,
} from './cli-support';

let server: TestServer;
let bundle: string;
let ada: WebUser;
let user: CliUser;

beforeAll(async () => {
  ({ server, bundle, ada, user } = await startLoggedInCli());
  await createProject(server, ada, { name: 'Labels', key: 'LAB' });
  for (const name of ['Bug', 'Frontend']) {
    const label = await asBrowser(server, ada, 'POST', '/api/v1/labels', { name });
    expect(label.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('task labels on the command line', () => {
  it('creates with labels by name, lists them in the table and filters by every --label given', async () => {
    const both = await runJson<Json>(bundle, user, [
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
    await runJson(bundle, user, ['task', 'create', 'Slow query', '--project', 'LAB', '--label', 'Bug']);
    await runJson(bundle, user, ['task', 'create', 'Plain', '--project', 'LAB']);

    const bugs = await runJson<Json[]>(bundle, user, ['task', 'list', '--project', 'LAB', '--label', 'bug']);
    expect(bugs.map((task) => task.key)).toEqual(['LAB-1', 'LAB-2']);
    const all = await runJson<Json[]>(bundle, user, [
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

    const table = await runCli(bundle, user, ['task', 'list', '--project', 'LAB']);
    expect(table.stdout.split('\n')[0]).toMatch(/\bLABELS\s+TITLE$/);
    expect(table.stdout).toMatch(/LAB-1\s.*Bug, Frontend\s+Broken button/);
    expect(table.stdout).toMatch(/LAB-3\s.*-\s+Plain/);
    const none = await runCli(bundle, user, ['task', 'list', '--project', 'LAB', '--label', 'Nothing']);
    expect(none.stdout).toBe('No tasks in LAB match.\n');

    const shown = await runCli(bundle, user, ['task', 'show', 'LAB-1']);
    expect(shown.stdout).toContain('Labels:    Bug, Frontend');
  });

  it('refuses an unknown label with exit 2, naming the labels there are', async () => {
    const refused = await runCli(bundle, user, [
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
    const help = await runCli(bundle, user, ['task', 'list', '--help']);
    expect(help.stdout).toContain('--label <name>');
    // commander wraps long descriptions to the terminal's width.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('repeat for tasks with all of them');
  });
});

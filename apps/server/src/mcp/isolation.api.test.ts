import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, textOf } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';
import { createTestTemplate } from '../testing/templates';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let mine: Workspace;
let theirs: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;
let their: { unit: Json; task: Json; statusId: string; plan: Json };
let own: { task: Json };

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  mine = await workspace(server, 'Ada', 'MINE', ['backend-dev']);
  theirs = await workspace(server, 'Mallory', 'THEM', ['backend-dev']);
  const unit = (
    await call(theirs.person, 'POST', `/api/v1/projects/${theirs.project.id}/work-units`, {
      title: 'Secret unit',
    })
  ).body;
  const task = (
    await call(theirs.person, 'POST', `/api/v1/projects/${theirs.project.id}/tasks`, {
      title: 'Secret task',
      workUnitId: unit.id,
    })
  ).body;
  const plan = (
    await call(theirs.person, 'POST', `/api/v1/projects/${theirs.project.id}/plans`, {
      title: 'Secret plan',
      items: [{ key: 'T1', kind: 'task', title: 'Secret step' }],
    })
  ).body;
  // Each organization has a template; only its own may be named.
  await createTestTemplate(server, theirs.person, 'their-services');
  await createTestTemplate(server, mine.person, 'my-services');
  their = { unit, task, statusId: theirs.project.done, plan };
  agent = await connectAgent(server.url, keyOf(mine, 'backend-dev'), {
    query: { project: 'MINE', toolsets: 'all' },
  });
  own = { task: await agent.call('create-task', { title: 'Own task' }) };
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

it('a key of one organization gets not-found for every id of another, through every tool', async () => {
  const p = theirs.project;
  const attempts: [string, Record<string, unknown>][] = [
    ['get-project', { project: p.id }],
    ['get-project', { project: p.key }],
    ['list-work-units', { project: p.id }],
    ['get-work-unit', { workUnit: their.unit.id }],
    ['get-work-unit', { workUnit: their.unit.slug }],
    ['create-work-unit', { project: p.key, title: 'x' }],
    ['create-work-unit', { title: 'x', parentWorkUnit: their.unit.id }],
    ['update-work-unit', { workUnit: their.unit.id, title: 'hacked' }],
    ['delete-work-unit', { workUnit: their.unit.slug, confirm: true }],
    ['list-tasks', { project: p.id }],
    ['list-tasks', { workUnit: their.unit.id }],
    ['list-tasks', { workUnit: their.unit.slug }],
    ['get-task', { task: their.task.id }],
    ['get-task', { task: their.task.key }],
    ['create-task', { project: p.id, title: 'x' }],
    ['create-task', { title: 'x', workUnit: their.unit.id }],
    ['create-task', { title: 'x', blockedBy: [their.task.id] }],
    ['update-task', { task: their.task.id, title: 'hacked' }],
    ['update-task', { task: own.task.id, workUnit: their.unit.id }],
    ['update-task', { task: own.task.id, blockedBy: [their.task.key] }],
    ['move-task', { task: their.task.key, status: 'Done' }],
    ['reorder-tasks', { project: p.id, status: 'Todo', tasks: [their.task.id] }],
    ['reorder-tasks', { status: 'Todo', tasks: [their.task.id] }],
    ['delete-task', { task: their.task.id }],
    ['create-task-comment', { task: their.task.id, body: 'hello' }],
    ['list-task-comments', { task: their.task.key }],
    ['link-pull-request', { task: their.task.id, url: 'https://github.com/acme/api/pull/12' }],
    ['claim-task', { task: their.task.id }],
    ['release-task', { task: their.task.key }],
    ['next-task', { project: p.id }],
    ['report-usage', { task: their.task.id, inputTokens: 5 }],
    ['request-input', { task: their.task.id, question: 'hi?' }],
    ['get-input', { task: their.task.id }],
    ['review-code-change', { task: their.task.id, file_path: 'src/a.ts', content: 'x' }],
    ['record-review', { task: their.task.key, file_path: 'src/a.ts', identified_issues: [] }],
    ['list-scaffolding-methods', { template: 'their-services' }],
    [
      'use-boilerplate',
      { boilerplateName: 'node-lib', template: 'their-services', variables: { packageName: 'x' } },
    ],
    [
      'use-scaffold-method',
      { template: 'their-services', scaffold_feature_name: 'service', variables: { serviceName: 'x' } },
    ],
    [
      'use-scaffold-method',
      {
        template: 'my-services',
        scaffold_feature_name: 'service',
        variables: { serviceName: 'x' },
        task: their.task.id,
      },
    ],
    [
      'propose-plan',
      { project: p.id, title: 'x', summary: '', items: [{ key: 'T1', kind: 'task', title: 'x' }] },
    ],
    ['list-plans', { project: p.key }],
    ['get-plan', { plan: their.plan.id }],
    ['revise-plan', { plan: their.plan.id, items: [{ key: 'T1', kind: 'task', title: 'hacked' }] }],
    ['comment-on-plan', { plan: their.plan.id, body: 'hello' }],
  ];
  // In a session bound to a project, statuses are an enum of its names: another's status id is
  // refused before anything is looked up.
  const foreignStatuses: [string, Record<string, unknown>][] = [
    ['list-tasks', { status: their.statusId }],
    ['create-task', { title: 'x', status: their.statusId }],
    ['move-task', { task: own.task.id, status: their.statusId }],
    ['reorder-tasks', { status: their.statusId, tasks: [own.task.id] }],
  ];
  for (const [name, args] of foreignStatuses) {
    const result = await agent.callRaw(name, args);
    expect(result.isError, name).toBe(true);
    expect(textOf(result), name).toMatch(/status/);
    expect(textOf(result)).not.toContain('Secret');
  }
  for (const [name, args] of attempts) {
    const result = await agent.callRaw(name, args);
    const text = textOf(result);
    expect(result.isError, `${name} ${JSON.stringify(args)}: ${text}`).toBe(true);
    expect(text, `${name} ${JSON.stringify(args)}`).toMatch(
      /^(PROJECT|WORK_UNIT|TASK|STATUS|TEMPLATE|PLAN)_NOT_FOUND: /,
    );
    expect(text).not.toContain('Secret');
  }
  const tools = (await agent.client.listTools()).tools.map((tool) => tool.name);
  // These take no id: they read this organization's own projects, labels and templates.
  const withoutIds = ['list-projects', 'get-file-design-pattern', 'list-labels', 'list-boilerplates'];
  expect([...new Set(attempts.map(([name]) => name)), ...withoutIds].sort()).toEqual(tools.sort());
  const projects = await agent.call('list-projects');
  expect(projects.items.map((item: Json) => item.key)).toEqual(['MINE']);

  // Nothing of theirs changed.
  const task = (await call(theirs.person, 'GET', `/api/v1/tasks/${their.task.id}`)).body;
  expect(task).toMatchObject({ title: 'Secret task', version: their.task.version, claim: null });
  expect(task.usage.inputTokens).toBe(0);
  const comments = (await call(theirs.person, 'GET', `/api/v1/tasks/${their.task.id}/comments`)).body;
  expect(comments.items).toEqual([]);
  const unit = (await call(theirs.person, 'GET', `/api/v1/work-units/${their.unit.id}`)).body;
  expect(unit).toMatchObject({ title: 'Secret unit', version: their.unit.version });
  const log = (await call(theirs.person, 'GET', '/api/v1/activity')).body;
  expect(log.items.some((item: Json) => item.actor.type === 'agent')).toBe(false);
});

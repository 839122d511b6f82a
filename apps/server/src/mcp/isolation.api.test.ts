import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { caller, type Json } from '../testing/projects';
import { keyOf, type Workspace, workspace } from './fixtures';
import { connectAgent, type McpAgent, textOf } from './testing';

let server: TestServer;
let mine: Workspace;
let theirs: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;
let their: { unit: Json; task: Json; statusId: string };
let own: { task: Json };

beforeAll(async () => {
  server = await startTestServer();
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
  their = { unit, task, statusId: theirs.project.done };
  agent = await connectAgent(server.url, keyOf(mine, 'backend-dev'), { query: { project: 'MINE' } });
  own = { task: await agent.call('create-task', { title: 'Own task' }) };
});

afterAll(async () => {
  await agent?.close();
  await server?.close();
});

it('a key of one organisation gets not-found for every id of another, through every tool', async () => {
  const p = theirs.project;
  const attempts: [string, Record<string, unknown>][] = [
    ['get-project', { project: p.id }],
    ['get-project', { project: p.key }],
    ['list-work-units', { project: p.id }],
    ['get-work-unit', { id: their.unit.id }],
    ['get-work-unit', { id: their.unit.slug }],
    ['create-work-unit', { project: p.key, title: 'x' }],
    ['create-work-unit', { title: 'x', parentWorkUnitId: their.unit.id }],
    ['update-work-unit', { id: their.unit.id, title: 'hacked' }],
    ['delete-work-unit', { id: their.unit.slug, confirm: true }],
    ['list-tasks', { project: p.id }],
    ['list-tasks', { workUnitId: their.unit.id }],
    ['list-tasks', { workUnitId: their.unit.slug }],
    ['list-tasks', { status: their.statusId }],
    ['get-task', { id: their.task.id }],
    ['get-task', { id: their.task.key }],
    ['create-task', { project: p.id, title: 'x' }],
    ['create-task', { title: 'x', workUnitId: their.unit.id }],
    ['create-task', { title: 'x', blockedBy: [their.task.id] }],
    ['create-task', { title: 'x', status: their.statusId }],
    ['update-task', { id: their.task.id, title: 'hacked' }],
    ['update-task', { id: own.task.id, workUnitId: their.unit.id }],
    ['update-task', { id: own.task.id, blockedBy: [their.task.key] }],
    ['move-task', { id: their.task.key, status: 'Done' }],
    ['move-task', { id: own.task.id, status: their.statusId }],
    ['reorder-tasks', { project: p.id, status: 'Todo', taskIds: [their.task.id] }],
    ['reorder-tasks', { status: 'Todo', taskIds: [their.task.id] }],
    ['reorder-tasks', { status: their.statusId, taskIds: [own.task.id] }],
    ['delete-task', { id: their.task.id }],
    ['create-task-comment', { taskId: their.task.id, body: 'hello' }],
    ['list-task-comments', { taskId: their.task.key }],
    ['claim-task', { taskId: their.task.id }],
    ['release-task', { taskId: their.task.key }],
    ['next-task', { project: p.id }],
    ['report-usage', { taskId: their.task.id, inputTokens: 5 }],
    ['request-input', { taskId: their.task.id, question: 'hi?' }],
  ];
  for (const [name, args] of attempts) {
    const result = await agent.callRaw(name, args);
    const text = textOf(result);
    expect(result.isError, `${name} ${JSON.stringify(args)}: ${text}`).toBe(true);
    expect(text, `${name} ${JSON.stringify(args)}`).toMatch(/^(PROJECT|WORK_UNIT|TASK|STATUS)_NOT_FOUND: /);
    expect(text).not.toContain('Secret');
  }
  const tools = (await agent.client.listTools()).tools.map((tool) => tool.name);
  expect([...new Set(attempts.map(([name]) => name))].sort()).toEqual(tools.sort());

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

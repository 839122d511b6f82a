import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, ToolError } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
  for (const [name, color] of [
    ['Bug', '#e5484d'],
    ['Backend', '#0090ff'],
  ]) {
    const created = await call(space.person, 'POST', '/api/v1/labels', { name, color });
    expect(created.status).toBe(201);
  }
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: { project: 'SWB', toolsets: 'all' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

async function refusal(run: Promise<unknown>): Promise<ToolError> {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ToolError)) throw new Error(`expected a tool error, got ${String(error)}`);
  return error;
}

describe('labels over MCP', () => {
  it('list-labels names the organization’s labels', async () => {
    const listed = await agent.call('list-labels', {});
    expect(listed.items).toEqual([
      { name: 'Backend', color: '#0090ff' },
      { name: 'Bug', color: '#e5484d' },
    ]);
  });

  it('create-task and update-task take label names in any case; list-tasks filters by them', async () => {
    const created = await agent.call('create-task', { title: 'Crash on save', labels: ['bug'] });
    expect(created.labels).toEqual(['Bug']);
    await agent.call('create-task', { title: 'Unlabelled' });

    const updated = await agent.call('update-task', { task: created.key, labels: ['BUG', 'backend'] });
    expect(updated.key).toBe(created.key);
    const read = await agent.call('get-task', { task: created.key });
    expect(read.labels).toEqual(['Backend', 'Bug']);

    const filtered = await agent.call('list-tasks', { label: 'backend' });
    expect(filtered.items.map((item: Json) => item.key)).toEqual([created.key]);
    expect(filtered.items[0].labels).toEqual(['Backend', 'Bug']);
    const both = await agent.call('list-tasks', { label: 'Bug,Backend' });
    expect(both.items.map((item: Json) => item.key)).toEqual([created.key]);

    // People see the agent's change in words.
    const activity = await call(space.person, 'GET', `/api/v1/activity?entityId=${created.id}`);
    expect(activity.body.items[0].summary).toBe(`added label Backend to ${created.key}`);
  });

  it('refuses an unknown label name with the labels there are, and changes nothing', async () => {
    const created = await agent.call('create-task', { title: 'Keep my labels', labels: ['Bug'] });
    const error = await refusal(agent.call('update-task', { task: created.key, labels: ['Bug', 'Urgent'] }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.text).toContain('No label named "Urgent" in this organization. Its labels: Backend, Bug.');
    expect((await agent.call('get-task', { task: created.key })).labels).toEqual(['Bug']);
    const onCreate = await refusal(agent.call('create-task', { title: 'Nope', labels: ['urgent'] }));
    expect(onCreate.text).toContain('Its labels: Backend, Bug.');
  });
});

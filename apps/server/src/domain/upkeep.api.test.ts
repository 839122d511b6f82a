import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { task } from '../db/schema';
import { keyOf, type Workspace, workspace } from '../mcp/fixtures';
import { connectAgent, type McpAgent } from '../mcp/testing';
import { startTestServer, type TestServer } from '../testing/harness';
import { caller, type Json } from '../testing/projects';

let server: TestServer;
let space: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  server = await startTestServer({ start: { upkeepEveryMs: 100 } });
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: { project: 'SWB', toolsets: 'all' },
  });
});

afterAll(async () => {
  await agent?.close();
  await server?.close();
});

const read = async (path: string): Promise<Json> => {
  const answer = await call(space.person, 'GET', path);
  expect(answer.status).toBe(200);
  return answer.body;
};

it('returns a task whose lease ran out to the ready pool while no agent calls at all', async () => {
  const created = await call(space.person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, {
    title: 'Dropped by a crashed agent',
  });
  const dropped = created.body;
  await agent.call('claim-task', { task: dropped.key });
  await agent.call('move-task', { task: dropped.key, status: 'In Progress' });
  await agent.close();
  await server.server.database.db
    .update(task)
    .set({ claimExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(task.id, dropped.id));

  // Only the server's own timer can notice: nobody sends a request but these reads.
  await expect
    .poll(async () => (await read(`/api/v1/activity?entityId=${dropped.id}`)).items[0]?.action, {
      timeout: 30_000,
    })
    .toBe('task.lease_expired');
  expect(await read(`/api/v1/tasks/${dropped.id}`)).toMatchObject({
    statusId: space.project.todo,
    claim: null,
  });
});

import { CLAIM_LEASE_MS } from '@switchboard/api-client/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { movableClock } from '../testing/clock';
import { startTestServer, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';

let server: TestServer;
let space: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;
const clock = movableClock();

beforeAll(async () => {
  server = await startTestServer({ start: { upkeepEveryMs: 100, clock } });
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
  // The agent crashes: it sends nothing more, not even the DELETE that would hand its claims back.
  // The lease runs out on the server's clock, which the test moves rather than wait ten minutes.
  clock.advance(CLAIM_LEASE_MS + 1_000);

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

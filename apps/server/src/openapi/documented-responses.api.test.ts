import { allEndpoints, fillPath } from '@switchboard/api-client/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent } from '../testing/mcp-agent';
import { createProject, send } from '../testing/projects';
import { createTestRuleSet } from '../testing/rule-sets';
import { createTestTemplate } from '../testing/templates';

// Dialect-sensitive: every GET answer is held to its schema, and each driver turns timestamps, JSON and
// numbers into values its own way.

let server: TestServer;
let ada: Person;
let agent: McpAgent;
/** A value for every path parameter, each naming something the seeded organization holds. */
let params: Record<string, string>;

beforeAll(async () => {
  // Billing on (against the fake Stripe), so its GETs answer rather than refuse with BILLING_DISABLED.
  server = await startTestServer({ billing: true });
  ada = await signUp(server, 'Ada');
  const project = await createProject(server, ada, 'SWB');
  await createAgentProfile(server, ada, 'backend-dev', { description: 'Writes the server' });
  const workUnit = await send(server, ada, 'POST', `/api/v1/projects/${project.id}/work-units`, {
    title: 'Checkout',
  });
  expect(workUnit.status, JSON.stringify(workUnit.body)).toBe(201);
  const blocker = await send(server, ada, 'POST', `/api/v1/projects/${project.id}/tasks`, {
    title: 'Schema',
    workUnitId: workUnit.body.id,
    assignee: 'backend-dev',
  });
  expect(blocker.status, JSON.stringify(blocker.body)).toBe(201);
  const blocked = await send(server, ada, 'POST', `/api/v1/projects/${project.id}/tasks`, {
    title: 'Endpoint',
    workUnitId: workUnit.body.id,
    blockedBy: [blocker.body.id],
  });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
  const comment = await send(server, ada, 'POST', `/api/v1/tasks/${blocked.body.key}/comments`, {
    body: 'Waiting on the schema.',
  });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  const ruleSet = await createTestRuleSet(server, ada);
  const label = await send(server, ada, 'POST', '/api/v1/labels', { name: 'Schema' });
  expect(label.status, JSON.stringify(label.body)).toBe(201);
  const template = await createTestTemplate(server, ada, 'services');
  const plan = await send(server, ada, 'POST', `/api/v1/projects/${project.id}/plans`, {
    outline: '# Search\n## Indexing\n- Index tasks\n- Index comments (after: Index tasks)',
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  await send(server, ada, 'POST', `/api/v1/plans/${plan.body.id}/messages`, { body: 'Looks right' });
  const checkout = await send(server, ada, 'POST', '/api/v1/billing/checkout', { plan: 'team' });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  // An MCP session, so the agent sessions list has a row to describe.
  const key = await createApiKey(ada, { name: 'builder', agentName: 'backend-dev' });
  agent = await connectAgent(server.url, key.key, { query: { project: 'SWB' } });
  params = {
    projectId: project.id,
    workUnit: workUnit.body.slug,
    task: blocked.body.key,
    agent: 'backend-dev',
    ruleSet: ruleSet.name,
    labelId: label.body.id,
    template: template.name,
    planId: plan.body.id,
    sessionId: new URL(checkout.body.url).pathname.split('/').at(-1) as string,
  };
});

afterAll(async () => {
  await agent?.close();
  await server?.close();
});

const documentedGets = allEndpoints().filter((endpoint) => endpoint.method === 'GET' && !endpoint.stream);

/** The query string of a GET that needs one to answer (a search needs words). */
const QUERIES: Record<string, string> = { '/search': '?q=schema' };

describe('every documented GET answers what its schema says', () => {
  it('covers every GET of the contract but the event stream', () => {
    expect(documentedGets.map((endpoint) => endpoint.path)).toContain('/agent-sessions');
    expect(documentedGets.length).toBe(allEndpoints().filter((e) => e.method === 'GET').length - 1);
  });

  it.each(documentedGets.map((endpoint) => [endpoint.path, endpoint] as const))(
    'GET %s',
    async (_, endpoint) => {
      const query = QUERIES[endpoint.path] ?? '';
      const reply = await send(server, ada, 'GET', `/api/v1${fillPath(endpoint.path, params)}${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(endpoint.status);
      const parsed = endpoint.response?.safeParse(reply.body);
      expect(parsed?.error).toBeUndefined();
    },
  );

  it('lists with what the seed holds, not empty pages', async () => {
    const tasks = await send(server, ada, 'GET', `/api/v1/projects/${params.projectId}/tasks?limit=1`);
    expect(tasks.body.items).toHaveLength(1);
    expect(tasks.body.nextCursor).toEqual(expect.any(String));
    const sessions = await send(server, ada, 'GET', '/api/v1/agent-sessions');
    expect(sessions.body.items.length).toBeGreaterThan(0);
    const activity = await send(server, ada, 'GET', `/api/v1/activity?projectId=${params.projectId}`);
    expect(activity.body.items.length).toBeGreaterThan(0);
    const project = await send(server, ada, 'GET', `/api/v1/projects/${params.projectId}`);
    expect(project.body.contents).toMatchObject({ tasks: 2, workUnits: 1 });
  });
});

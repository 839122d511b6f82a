// An agent works a task end to end through the real MCP SDK client over HTTP, as Claude Code would,
// and everything it does is what people see: the REST API, the activity log and the live event stream.

import { serverForFile, type TestServer } from '@switchboard/server/testing';
import { connectAgent, type McpAgent } from '@switchboard/server/testing/mcp';
import { readSse } from '@switchboard/server/testing/sse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AgentWorkspace, agentWorkspace, api, type Json, keyFor } from './mcp-support';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: AgentWorkspace;
let agent: McpAgent;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  space = await agentWorkspace(server.url, { projectKey: 'FLOW', agents: ['backend-dev', 'reviewer'] });
  agent = await connectAgent(server.url, keyFor(space, 'backend-dev'), {
    clientName: 'claude-code',
    query: { project: 'FLOW', toolsets: 'all' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

const rest = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await api(server.url, space.token, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

it('lists tools, then creates, claims, works, reports and finishes a task, all visible over REST and SSE', async () => {
  const events = await fetch(new URL('/api/v1/events', server.url), {
    headers: { authorization: `Bearer ${space.token}`, accept: 'text/event-stream' },
  });
  expect(events.status).toBe(200);
  const stream = readSse(events);
  const seen = async (action: string, taskId: string) => {
    const message = await stream.next((candidate) => {
      if (candidate.event === 'ready' || !candidate.data) return false;
      const data = JSON.parse(candidate.data);
      return data.action === action && (data.entityId === taskId || data.data?.taskId === taskId);
    });
    const event = JSON.parse(message.data);
    expect(event.actor, action).toMatchObject({ type: 'agent', name: 'backend-dev' });
    return event;
  };

  const tools = (await agent.client.listTools()).tools.map((tool) => tool.name);
  expect(tools).toEqual(expect.arrayContaining(['create-task', 'claim-task', 'move-task', 'report-usage']));

  const created = await agent.call('create-task', {
    title: 'Add rate limiting to the importer',
    description: 'Limit to 10 requests per second.',
    assignee: 'backend-dev',
    priority: 'high',
    acceptanceCriteria: [{ text: 'limit enforced' }, { text: 'tests cover bursts' }],
  });
  expect(created).toMatchObject({ key: 'FLOW-1', status: 'Todo', assignee: 'backend-dev' });
  await seen('task.created', created.id);
  expect(await rest('GET', `/api/v1/tasks/${created.id}`)).toMatchObject({
    title: created.title,
    version: 1,
  });

  const claimed = await agent.call('claim-task', { task: 'FLOW-1' });
  await seen('task.claimed', created.id);
  expect((await rest('GET', '/api/v1/tasks/FLOW-1')).claim).toMatchObject({ expiresAt: claimed.expiresAt });
  // Agents read the holder by name, the one reference to it a tool takes back.
  expect((await agent.call('get-task', { task: 'FLOW-1' })).claim).toEqual({
    by: 'backend-dev',
    expiresAt: (await rest('GET', '/api/v1/tasks/FLOW-1')).claim.expiresAt,
  });

  const started = await agent.call('move-task', { task: 'FLOW-1', status: 'In Progress' });
  expect(started.status).toBe('In Progress');
  await seen('task.moved', created.id);
  expect((await rest('GET', '/api/v1/tasks/FLOW-1')).statusId).toBe(space.project.statuses['In Progress']);

  await agent.call('create-task-comment', { task: 'FLOW-1', body: 'Using a token bucket.' });
  await seen('comment.created', created.id);
  const comments = await rest('GET', '/api/v1/tasks/FLOW-1/comments');
  expect(comments.items[0]).toMatchObject({
    body: 'Using a token bucket.',
    author: { type: 'agent', name: 'backend-dev' },
  });

  await agent.call('report-usage', {
    task: 'FLOW-1',
    inputTokens: 15_000,
    outputTokens: 2_500,
    costUsd: 0.12,
  });
  await seen('task.updated', created.id);
  expect((await rest('GET', '/api/v1/tasks/FLOW-1')).usage).toEqual({
    inputTokens: 15_000,
    outputTokens: 2_500,
    costUsd: 0.12,
  });

  await agent.call('update-task', {
    task: 'FLOW-1',
    check: ['limit enforced', 1],
    devInfo: { testResults: '8 passed', filesChanged: ['src/importer.ts'] },
  });
  const checked = await agent.call('get-task', { task: 'FLOW-1' });
  expect(checked.acceptanceCriteria.every((criterion: Json) => criterion.checked)).toBe(true);
  await seen('task.updated', created.id);

  const finished = await agent.call('move-task', { task: 'FLOW-1', status: 'Done' });
  expect(finished).toMatchObject({ status: 'Done', claimedBy: null });
  await seen('task.moved', created.id);
  await seen('task.released', created.id);

  const final = await rest('GET', '/api/v1/tasks/FLOW-1');
  expect(final).toMatchObject({
    statusId: space.project.statuses.Done,
    claim: null,
    usage: { inputTokens: 15_000, outputTokens: 2_500, costUsd: 0.12 },
    devInfo: { testResults: '8 passed', filesChanged: ['src/importer.ts'] },
  });
  const log = await rest('GET', `/api/v1/activity?entityId=${created.id}`);
  expect(
    log.items.map((item: Json) => `${item.actor.type}:${item.actor.name} ${item.action}`).reverse(),
  ).toEqual([
    'agent:backend-dev task.created',
    'agent:backend-dev task.claimed',
    'agent:backend-dev task.moved',
    'agent:backend-dev task.updated',
    'agent:backend-dev task.updated',
    'agent:backend-dev task.moved',
    'agent:backend-dev task.released',
  ]);

  const sessions = await rest('GET', '/api/v1/agent-sessions');
  expect(sessions.items[0]).toMatchObject({
    agentName: 'backend-dev',
    client: { name: 'claude-code' },
    status: 'active',
    currentTask: null,
  });
  await stream.close();
});

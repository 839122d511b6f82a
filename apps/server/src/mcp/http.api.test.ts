import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { connectAgent, mcpUrl } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { WWW_AUTHENTICATE } from './http';

let server: TestServer;
let space: Workspace;

beforeAll(async () => {
  server = await startTestServer();
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev', 'frontend-dev']);
});

afterAll(async () => {
  await server?.close();
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '8.0' } },
};

/** One raw MCP POST (or other method) as a client without the SDK would send it. */
async function post(
  body: unknown,
  headers: Record<string, string> = {},
  options: { method?: string; query?: Record<string, string> } = {},
) {
  const response = await fetch(mcpUrl(server.url, options.query), {
    method: options.method ?? 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...headers,
    },
    body: options.method && options.method !== 'POST' ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json as Record<string, never> };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function openSession(key: string, query?: Record<string, string>) {
  const opened = await post(INITIALIZE, bearer(key), { query });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const sessionId = opened.headers.get('mcp-session-id');
  expect(sessionId).toMatch(/^[\x21-\x7e]{20,}$/);
  return sessionId as string;
}

const session = (key: string, sessionId: string) => ({
  ...bearer(key),
  'mcp-session-id': sessionId,
  'mcp-protocol-version': '2025-06-18',
});

describe('authentication on every request', () => {
  it('answers 401 with WWW-Authenticate without a key, with a bad key, and for a cookie alone', async () => {
    const attempts: Record<string, string>[] = [
      {},
      bearer('sb_not-a-real-key'),
      { 'x-api-key': 'sb_not-a-real-key' },
      bearer('garbage-session-token'),
      // A signed-in browser page of our own origin still needs a key: cookies do not count here.
      { cookie: space.person.cookieHeader, origin: server.url },
    ];
    for (const headers of attempts) {
      const answer = await post(INITIALIZE, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
      expect(answer.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('accepts the key as Bearer or as x-api-key', async () => {
    const key = keyOf(space, 'backend-dev');
    for (const header of ['bearer', 'x-api-key'] as const) {
      const agent = await connectAgent(server.url, key, { header });
      expect((await agent.client.listTools()).tools.length).toBeGreaterThan(10);
      await agent.close();
    }
  });

  it('says plainly that there is no OAuth to discover (clients look after a 401)', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/api/v1/mcp',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('a key revoked mid-session gets 401 on its next call', async () => {
    const { createApiKey } = await import('../testing/agents');
    const created = await createApiKey(space.person, { name: 'short-lived', agentName: 'backend-dev' });
    const sessionId = await openSession(created.key);
    const before = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      session(created.key, sessionId),
    );
    expect(before.status).toBe(200);
    const revoked = await space.person.auth('post', '/api-key/delete', { keyId: created.id });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const after = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      session(created.key, sessionId),
    );
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
  });
});

describe('origin and transport rules', () => {
  // What the endpoint itself answers each method once the Origin passes: the Origin rule stands in front
  // of all of them, reads included, so a page on a host name rebound to this server reads nothing.
  const ANSWER_BY_METHOD = {
    POST: 200,
    DELETE: 400,
    GET: 405,
    HEAD: 405,
    OPTIONS: 405,
    PUT: 405,
    PATCH: 405,
  };

  it.each(Object.entries(ANSWER_BY_METHOD))(
    '%s with a foreign Origin gets 403 FORBIDDEN_ORIGIN; with our own Origin or none, the endpoint answers %i',
    async (method, answer) => {
      const key = keyOf(space, 'backend-dev');
      const call = (headers: Record<string, string>, query?: Record<string, string>) =>
        post(INITIALIZE, { ...bearer(key), ...headers }, { method, query });
      for (const origin of ['https://evil.example', 'null']) {
        const refused = await call({ origin });
        expect(refused.status, origin).toBe(403);
        if (method !== 'HEAD') expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN_ORIGIN' } });
      }
      expect((await call({ origin: 'https://evil.example' }, { organizationId: 'x' })).status).toBe(403);
      // Refused before the key is even looked at.
      expect((await post(INITIALIZE, { origin: 'https://evil.example' }, { method })).status).toBe(403);
      expect((await call({ origin: server.url })).status).toBe(answer);
      expect((await call({})).status).toBe(answer);
    },
  );

  it('no other spelling of the path reaches the endpoint, so the one checked path is the whole surface', async () => {
    const key = keyOf(space, 'backend-dev');
    for (const path of ['/api/v1/mcp/', '/api/v1/MCP', '/api/v1/mcp/x', '/api/v1//mcp']) {
      const response = await fetch(new URL(path, server.url), { headers: bearer(key) });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
  });

  it('400 without Mcp-Session-Id after initialize, 404 for an unknown session, 405 for GET', async () => {
    const key = keyOf(space, 'backend-dev');
    const missing = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, bearer(key));
    expect(missing.status).toBe(400);
    const unknown = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      session(key, 'no-such-session'),
    );
    expect(unknown.status).toBe(404);
    const get = await post(null, bearer(key), { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
    const notJson = await fetch(mcpUrl(server.url), {
      method: 'POST',
      headers: {
        ...bearer(key),
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
  });

  it('DELETE ends the session: later calls get 404', async () => {
    const key = keyOf(space, 'backend-dev');
    const sessionId = await openSession(key);
    const ended = await post(null, session(key, sessionId), { method: 'DELETE' });
    expect(ended.status).toBe(200);
    const after = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session(key, sessionId));
    expect(after.status).toBe(404);
    expect((await post(null, session(key, sessionId), { method: 'DELETE' })).status).toBe(404);
  });

  it('a session is bound to the key that opened it: another key gets 404, even in the same organization', async () => {
    const sessionId = await openSession(keyOf(space, 'backend-dev'));
    const other = keyOf(space, 'frontend-dev');
    const answer = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session(other, sessionId));
    expect(answer.status).toBe(404);
    const deleted = await post(null, session(other, sessionId), { method: 'DELETE' });
    expect(deleted.status).toBe(404);
    // Still alive for its own key.
    const own = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      session(keyOf(space, 'backend-dev'), sessionId),
    );
    expect(own.status).toBe(200);
  });

  it('a session survives a server restart: it is revived from its row', async () => {
    const key = keyOf(space, 'backend-dev');
    const agent = await connectAgent(server.url, key, { query: { toolsets: 'all' } });
    const before = await agent.call('get-project');
    await server.restart();
    const after = await agent.call('get-project');
    expect(after.id).toBe(before.id);
    await agent.close();
  });
});

describe('tool list', () => {
  it('lists the work loop by default, every group with ?toolsets=all, only the chosen ones otherwise', async () => {
    const key = keyOf(space, 'backend-dev');
    const loop = await connectAgent(server.url, key);
    const loopNames = (await loop.client.listTools()).tools.map((tool) => tool.name);
    expect(loopNames).toContain('next-task');
    expect(loopNames).toContain('get-input');
    expect(loopNames).not.toContain('create-task');
    expect(loopNames).not.toContain('get-project');
    await loop.close();
    const all = await connectAgent(server.url, key, { query: { toolsets: 'all' } });
    const names = (await all.client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      [
        'list-projects',
        'get-project',
        'list-work-units',
        'get-work-unit',
        'create-work-unit',
        'update-work-unit',
        'delete-work-unit',
        'list-tasks',
        'get-task',
        'link-pull-request',
        'create-task',
        'update-task',
        'move-task',
        'reorder-tasks',
        'delete-task',
        'create-task-comment',
        'list-task-comments',
        'claim-task',
        'release-task',
        'next-task',
        'report-usage',
        'request-input',
        'get-input',
        'get-file-design-pattern',
        'review-code-change',
        'record-review',
        'list-labels',
        'list-boilerplates',
        'use-boilerplate',
        'list-scaffolding-methods',
        'use-scaffold-method',
        'propose-plan',
        'revise-plan',
        'get-plan',
        'comment-on-plan',
        'list-plans',
      ].sort(),
    );
    await all.close();
    const few = await connectAgent(server.url, key, { query: { toolsets: 'tasks,agent' } });
    const fewNames = (await few.client.listTools()).tools.map((tool) => tool.name);
    expect(fewNames).toContain('claim-task');
    expect(fewNames).toContain('move-task');
    expect(fewNames).not.toContain('get-project');
    expect(fewNames).not.toContain('create-task-comment');
    await few.close();
    const bad = await post(INITIALIZE, bearer(key), { query: { toolsets: 'tasks,everything' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('everything');
  });

  it("parameters offer the organization's agents and the project's statuses", async () => {
    const agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'swb', toolsets: 'all' },
    });
    const tools = (await agent.client.listTools()).tools;
    const createTask = tools.find((tool) => tool.name === 'create-task');
    expect(createTask?.description).toContain(
      'Todo (todo), In Progress (in_progress), Review (review), Done (done)',
    );
    const schema = createTask?.inputSchema as { properties: Record<string, unknown> };
    expect(JSON.stringify(schema.properties.assignee)).toContain('"enum":["backend-dev","frontend-dev"]');
    expect(schema.properties.status).toMatchObject({ enum: ['Todo', 'In Progress', 'Review', 'Done'] });
    expect(agent.client.getInstructions()).toContain('backend-dev in project SWB');
    await agent.close();
  });

  it('an unknown project on the URL is refused at initialize', async () => {
    const answer = await post(INITIALIZE, bearer(keyOf(space, 'backend-dev')), {
      query: { project: 'NOPE' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'PROJECT_NOT_FOUND' } });
  });
});

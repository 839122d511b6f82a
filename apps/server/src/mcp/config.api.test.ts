import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { connectAgent } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller } from '../testing/projects';

let server: TestServer;
let space: Workspace;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  server = await startTestServer({ env: { API_URL: 'https://switchboard.example.com' } });
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
});

afterAll(async () => {
  await server?.close();
});

it('GET /projects/:projectId/mcp/config answers the client files, the key only as a variable', async () => {
  const answer = await call(space.person, 'GET', `/api/v1/projects/${space.project.id}/mcp/config`);
  expect(answer.status).toBe(200);
  const url = 'https://switchboard.example.com/api/v1/mcp?project=SWB';
  expect(answer.body).toEqual({
    url,
    claudeCode: {
      path: '.mcp.json',
      content: {
        mcpServers: {
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the client expands ${…}, not JavaScript
          switchboard: { type: 'http', url, headers: { Authorization: 'Bearer ${SWITCHBOARD_API_KEY}' } },
        },
      },
    },
    cursor: {
      path: '.cursor/mcp.json',
      content: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the client expands ${env:…}, not JavaScript
        mcpServers: { switchboard: { url, headers: { Authorization: 'Bearer ${env:SWITCHBOARD_API_KEY}' } } },
      },
    },
    env: { SWITCHBOARD_API_KEY: 'create a key in Settings → API keys' },
  });
  expect(JSON.stringify(answer.body)).not.toContain('sb_');
});

it('works with an API key too, and hides other organizations’ projects', async () => {
  const response = await server.fetch(`/api/v1/projects/${space.project.id}/mcp/config`, {
    headers: { 'x-api-key': keyOf(space, 'backend-dev') },
  });
  expect(response.status).toBe(200);
  const other = await workspace(server, 'Bob', 'BOB', []);
  expect((await call(other.person, 'GET', `/api/v1/projects/${space.project.id}/mcp/config`)).status).toBe(
    404,
  );
  expect((await server.fetch(`/api/v1/projects/${space.project.id}/mcp/config`)).status).toBe(401);
});

it('the generated URL is the one agents connect to (project bound)', async () => {
  const config = (await call(space.person, 'GET', `/api/v1/projects/${space.project.id}/mcp/config`)).body;
  const local = new URL(config.url);
  const agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: Object.fromEntries(local.searchParams),
  });
  expect((await agent.call('list-projects')).current).toBe('SWB');
  await agent.close();
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent } from '../testing/mcp-agent';
import { workspace } from '../testing/mcp-fixtures';

// Dialect-sensitive: the revocation reaches the sessions through the event bus (LISTEN/NOTIFY on PostgreSQL).

let server: TestServer;
let release: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, release } = await serverForFile());
});

afterAll(async () => {
  await release?.();
});

describe('agent sessions of a revoked caller', () => {
  it('end as soon as their key is deleted', async () => {
    const space = await workspace(server, 'Ada', 'REV', ['backend-dev']);
    const key = space.keys['backend-dev'];
    if (!key) throw new Error('the workspace has no backend-dev key');
    const agent = await connectAgent(server.url, key.key);
    const statusOfSession = async () => {
      const answer = await space.person.get<{ items: { agentName: string; status: string }[] }>(
        '/api/v1/agent-sessions',
      );
      return answer.body.items.find((session) => session.agentName === 'backend-dev')?.status;
    };
    expect(await statusOfSession()).not.toBe('ended');

    expect((await space.person.auth('post', '/api-key/delete', { keyId: key.id })).status).toBe(200);
    // Ends as soon as the session does; the limit only has to outlast a busy machine.
    await expect.poll(statusOfSession, { timeout: 60_000, interval: 100 }).toBe('ended');
    await agent.client.close();
  });
});

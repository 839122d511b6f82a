import { afterAll, beforeAll, expect } from 'vitest';
import { serverForFile, type TestServer, type TestServerOptions } from './harness';
import { type ConnectOptions, connectAgent, type McpAgent } from './mcp-agent';
import { type Workspace, workspace } from './mcp-fixtures';
import { caller, type Json } from './projects';

export interface McpWorkspaceOptions {
  /** The agent profiles of the workspace, each with its own API key. */
  agents: readonly string[];
  /** @default 'Ada' */
  owner?: string;
  /** @default 'SWB' */
  projectKey?: string;
  /** The server's options, or a function giving them as the workspace starts (a fake's address, say). */
  server?: TestServerOptions | (() => TestServerOptions);
}

/**
 * A server with one person's workspace (organization, project, agent keys), as the MCP tests need it
 * (the test process's shared server unless the file asks for server options). It is itself the
 * Workspace, so `keyOf(fixture, agent)` and `fixture.person` read as before.
 */
export interface McpWorkspaceFixture extends Workspace {
  server: TestServer;
  /** Sends a REST request as any person. */
  call: ReturnType<typeof caller>;
  /** Sends a REST request as the workspace's owner, failing the test unless it succeeds; answers the body. */
  rest(method: string, path: string, body?: unknown): Promise<Json>;
  /** Opens an MCP session as one of the workspace's agents; it is closed before the server. */
  connect(agent: string, options?: ConnectOptions): Promise<McpAgent>;
  db(): TestServer['server']['database']['db'];
}

/** The slowest hook of a file: a server start and a sign-up with keys, on a machine busy with other runs. */
const FIXTURE_TIMEOUT_MS = 180_000;

/**
 * The workspace for one test file: set up before its tests; its agents are closed after them, then
 * its own server if it has one. Its fields are filled in once the file's tests begin, so read them
 * inside hooks and tests; the functions read them when called, so a file may take them apart at
 * once: `const { rest } = fixture`.
 * Hooks the file registers after this call run after the workspace is ready.
 */
export function useMcpWorkspace(options: McpWorkspaceOptions): McpWorkspaceFixture {
  const agents: McpAgent[] = [];
  const fixture = {
    call: (...args: Parameters<ReturnType<typeof caller>>) => caller(fixture.server)(...args),
    async rest(method: string, path: string, body?: unknown): Promise<Json> {
      const answer = await fixture.call(fixture.person, method, path, body);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return answer.body;
    },
    async connect(agent: string, connectOptions: ConnectOptions = {}): Promise<McpAgent> {
      const key = fixture.keys[agent]?.key;
      if (!key) throw new Error(`the workspace has no agent ${agent}`);
      const connected = await connectAgent(fixture.server.url, key, connectOptions);
      agents.push(connected);
      return connected;
    },
    db: () => fixture.server.server.database.db,
  } as McpWorkspaceFixture;
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server: fixture.server, release } = await serverForFile(
      typeof options.server === 'function' ? options.server() : options.server,
    ));
    Object.assign(
      fixture,
      await workspace(fixture.server, options.owner ?? 'Ada', options.projectKey ?? 'SWB', options.agents),
    );
  }, FIXTURE_TIMEOUT_MS);
  afterAll(async () => {
    for (const agent of agents) await agent.close();
    await release?.();
  });
  return fixture;
}

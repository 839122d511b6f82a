import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '@playwright/test';

/** The real MCP SDK client over Streamable HTTP, the key as a Bearer token. */
export async function connectAgent(
  key: string,
  query: string,
  clientInfo = { name: 'e2e-flow-agent', version: '0.9.0' },
) {
  const baseURL = test.info().project.use.baseURL ?? '';
  const transport = new StreamableHTTPClientTransport(new URL(`/api/v1/mcp${query}`, baseURL), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client(clientInfo);
  await client.connect(transport);

  /** tools/call; answers the tool's JSON result, failing the test on a tool error. A call may wait up
   * to a minute (get-input long-polls). */
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    const text = content.map((part) => part.text ?? '').join('');
    expect(result.isError, `${name}: ${text}`).toBeFalsy();
    return JSON.parse(text) as Record<string, unknown>;
  };
  const close = async () => {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  };
  return { client, call, close };
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A real MCP client (the SDK's) connected to a Switchboard server, for tests and benchmarks: what
 * Claude Code or Cursor do, with the key in a header.
 */
export interface McpAgent {
  client: Client;
  transport: StreamableHTTPClientTransport;
  sessionId: string | undefined;
  /** Calls a tool; a tool error (isError) rejects with its text. Answers the parsed JSON result (its first text part). */
  call<T = McpJson>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Calls a tool and answers the raw result, errors included. */
  callRaw(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Ends the session (DELETE) and closes the client. */
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: tool results are checked by the tests' assertions
export type McpJson = any;

export interface ConnectOptions {
  /** Query of the MCP URL: project, toolsets. */
  query?: Record<string, string>;
  /** How the key is sent. @default 'bearer' */
  header?: 'bearer' | 'x-api-key';
  clientName?: string;
  extraHeaders?: Record<string, string>;
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly text: string,
  ) {
    super(`${tool}: ${text}`);
    this.name = 'ToolError';
  }

  /** The error code the server put first: CONFLICT, TASK_NOT_FOUND … */
  get code(): string {
    return this.text.split(':')[0] ?? '';
  }
}

export function mcpUrl(baseUrl: string, query: Record<string, string> = {}): URL {
  const url = new URL('/api/v1/mcp', baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export async function connectAgent(
  baseUrl: string,
  key: string,
  options: ConnectOptions = {},
): Promise<McpAgent> {
  const headers: Record<string, string> =
    options.header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
  const transport = new StreamableHTTPClientTransport(mcpUrl(baseUrl, options.query), {
    requestInit: { headers: { ...headers, ...options.extraHeaders } },
  });
  const client = new Client({ name: options.clientName ?? 'switchboard-test-agent', version: '1.0.0' });
  await client.connect(transport);
  const callRaw = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return {
    client,
    transport,
    get sessionId() {
      return transport.sessionId;
    },
    callRaw,
    async call(name, args) {
      const result = await callRaw(name, args);
      if (result.isError) throw new ToolError(name, textOf(result));
      // The first part mirrors the structured result; later parts are notices for the agent.
      const [first] = result.content;
      return JSON.parse(first?.type === 'text' ? first.text : 'null');
    },
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CallToolResultSchema,
  CompleteRequestSchema,
  CompleteResultSchema,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  type ListToolsResult,
  ListToolsResultSchema,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceListChangedNotificationSchema,
  type ServerCapabilities,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_INPUT_WAIT_MAX_SECONDS } from '@switchboard/api-client/contract';
import { CLI_VERSION } from '../version';
import type { LocalTool } from './local-tool';
import { apiErrorOfRefusal } from './refusal';

export interface ProxyOptions {
  /** The HTTP endpoint, e.g. http://localhost:3000/api/v1/mcp?project=SWB. */
  url: string;
  /** Sent as `Authorization: Bearer …`: an API key or the CLI's session token. */
  token: string;
  userAgent: string;
  /** The local side; stdio unless a test passes another transport. */
  local?: Transport;
  /** Tools answered here instead of by the server; they replace the server's tools of the same name. */
  localTools?: readonly LocalTool[];
}

export interface RunningProxy {
  /** Resolves when the local client disconnects (stdin closes) or close() is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * How long a forwarded request may take. get-input holds its call open while it waits for a person's
 * answer, as long as the SDK's own 60-second default, so the proxy allows that wait and a margin.
 */
const FORWARD_TIMEOUT_MS = (MCP_INPUT_WAIT_MAX_SECONDS + 30) * 1000;

/** The capabilities we can forward: tools, prompts, resources and completions, as the server has them. */
function forwardable(remote: ServerCapabilities | undefined): ServerCapabilities {
  const capabilities: ServerCapabilities = {};
  if (remote?.tools) capabilities.tools = { listChanged: remote.tools.listChanged ?? false };
  if (remote?.prompts) capabilities.prompts = { listChanged: remote.prompts.listChanged ?? false };
  if (remote?.resources) capabilities.resources = { ...remote.resources };
  if (remote?.completions) capabilities.completions = {};
  return capabilities;
}

/**
 * `switchboard mcp serve`: an MCP server on stdio for clients that only start local processes, passing
 * every request to Switchboard's Streamable HTTP endpoint and every answer (and error) back unchanged.
 * The remote connection is made first, so the local side offers exactly what the server offers.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const remote = new Client({ name: 'switchboard-mcp-serve', version: CLI_VERSION });
  try {
    await remote.connect(
      new StreamableHTTPClientTransport(new URL(options.url), {
        requestInit: {
          headers: { authorization: `Bearer ${options.token}`, 'user-agent': options.userAgent },
        },
      }),
    );
  } catch (error) {
    throw apiErrorOfRefusal(error) ?? error;
  }
  const remoteInfo = remote.getServerVersion();
  const capabilities = forwardable(remote.getServerCapabilities());
  const localTools = new Map((options.localTools ?? []).map((tool) => [tool.definition.name, tool]));
  if (localTools.size > 0) capabilities.tools ??= { listChanged: false };
  const local = new Server(
    { name: remoteInfo?.name ?? 'switchboard', version: remoteInfo?.version ?? CLI_VERSION },
    { capabilities, instructions: remote.getInstructions() },
  );

  const pass =
    <R>(schema: Parameters<typeof remote.request>[1]) =>
    async (request: { method: string; params?: unknown }) =>
      (await remote.request({ method: request.method, params: request.params as never }, schema, {
        timeout: FORWARD_TIMEOUT_MS,
      })) as R;

  if (capabilities.tools) {
    const listRemote = pass<ListToolsResult>(ListToolsResultSchema);
    const callRemote = pass<CallToolResult>(CallToolResultSchema);
    const callRemoteTool = (name: string, args: Record<string, unknown>) =>
      callRemote({ method: 'tools/call', params: { name, arguments: args } });
    local.setRequestHandler(ListToolsRequestSchema, async (request) => {
      const remoteTools: ListToolsResult = remote.getServerCapabilities()?.tools
        ? await listRemote(request)
        : { tools: [] };
      if (localTools.size === 0) return remoteTools;
      // The local tools come first, once, whatever page of the server's list this is.
      const first = request.params?.cursor === undefined;
      return {
        ...remoteTools,
        tools: [
          ...(first ? [...localTools.values()].map((tool) => tool.definition) : []),
          ...remoteTools.tools.filter((tool) => !localTools.has(tool.name)),
        ],
      };
    });
    local.setRequestHandler(CallToolRequestSchema, (request) => {
      const tool = localTools.get(request.params.name);
      return tool ? tool.call(request.params.arguments, callRemoteTool) : callRemote(request);
    });
    remote.setNotificationHandler(ToolListChangedNotificationSchema, () => local.sendToolListChanged());
  }
  if (capabilities.prompts) {
    local.setRequestHandler(ListPromptsRequestSchema, pass(ListPromptsResultSchema));
    local.setRequestHandler(GetPromptRequestSchema, pass(GetPromptResultSchema));
    remote.setNotificationHandler(PromptListChangedNotificationSchema, () => local.sendPromptListChanged());
  }
  if (capabilities.resources) {
    local.setRequestHandler(ListResourcesRequestSchema, pass(ListResourcesResultSchema));
    local.setRequestHandler(ListResourceTemplatesRequestSchema, pass(ListResourceTemplatesResultSchema));
    local.setRequestHandler(ReadResourceRequestSchema, pass(ReadResourceResultSchema));
    remote.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      local.sendResourceListChanged(),
    );
  }
  if (capabilities.completions) local.setRequestHandler(CompleteRequestSchema, pass(CompleteResultSchema));

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    // Ends the remote MCP session too (DELETE), so the agent session shows as ended at once.
    closing ??= (async () => {
      await local.close().catch(() => undefined);
      const transport = remote.transport as StreamableHTTPClientTransport | undefined;
      await transport?.terminateSession().catch(() => undefined);
      await remote.close().catch(() => undefined);
      resolveClosed();
    })();
    return closing;
  };
  local.onclose = () => void close();
  remote.onclose = () => void close();
  const transport = options.local ?? new StdioServerTransport();
  await local.connect(transport);
  if (!options.local) process.stdin.on('end', () => void close());
  return { closed, close };
}

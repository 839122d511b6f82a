import { randomBytes } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  isInitializeRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOLSETS } from '@switchboard/api-client/contract';
import type { AuthServer } from '@switchboard/auth/server';
import type { Context } from 'hono';
import { releaseClaimsOf } from '../domain/agents/claims';
import { takeNotices } from '../domain/agents/notices';
import {
  type AgentSessionRow,
  createAgentSession,
  DEFAULT_SESSION_TIMEOUT_MS,
  endAgentSession,
  findByMcpSessionId,
  touchAgentSession,
} from '../domain/agents/sessions';
import { runChange } from '../domain/changes';
import { findProjectRef } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { sweepExpired } from '../domain/upkeep';
import { endSessionsOnRevocation } from '../events/revoked-agent-sessions';
import { errorResponse } from '../http/errors';
import { type McpCaller, resolveMcpCaller } from './auth';
import { loadSessionFacts } from './lookup';
import { buildMcpServer } from './server';
import type { McpSessionState } from './tooling';
import { parseToolsets } from './toolsets';
import { refuseUnsafeMcpRequest } from './unsafe-input';

export interface McpTimings {
  /**
   * How often a session's lastSeenAt and claim leases are written at most: every call counts, but a
   * burst of calls writes once. @default 10 000
   */
  touchEveryMs: number;
  /**
   * When an unused session leaves this process's memory; it stays in the database and is revived on
   * its next call. @default 30 minutes
   */
  evictAfterMs: number;
  /**
   * A session with no call for this long is ended (its client went away without DELETE); there are no
   * server-initiated streams to keep one open. @default 15 minutes (AGENT_SESSION_TIMEOUT_MINUTES)
   */
  sessionTimeoutMs: number;
  /**
   * How often at most a request of this process also recovers expired leases and ends silent
   * sessions (both are safe to run from several processes at once). @default 30 000
   */
  sweepEveryMs: number;
}

export const DEFAULT_MCP_TIMINGS: Readonly<McpTimings> = Object.freeze({
  touchEveryMs: 10_000,
  evictAfterMs: 30 * 60_000,
  sessionTimeoutMs: DEFAULT_SESSION_TIMEOUT_MS,
  sweepEveryMs: 30_000,
});

export const WWW_AUTHENTICATE = 'Bearer realm="switchboard"';

interface LiveSession {
  state: McpSessionState;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  readOnlyTools: Set<string>;
  lastUsedAt: number;
}

export interface McpEndpointOptions {
  /** What the domain needs; its clock also decides when a session is touched or evicted. */
  services: DomainServices;
  auth: AuthServer;
  /** Origins whose pages may call the endpoint; any other Origin header gets 403 (none = a CLI, allowed). */
  trustedOrigins: readonly string[];
  /** @default DEFAULT_MCP_TIMINGS */
  timings?: Partial<McpTimings>;
  /** GitHub's web address, which link-pull-request takes pull request addresses on. */
  githubWebUrl: string;
}

/** What a server start may tune about the MCP endpoint: its timings. */
export type McpTuning = Pick<McpEndpointOptions, 'timings'>;

type JsonRpcMessage = { method?: unknown; params?: { name?: unknown } };

function rpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const sessionNotFound = () =>
  rpcError(404, -32001, 'Session not found: it ended or never existed; initialize again.');

const authInfoOf = (caller: McpCaller): AuthInfo => ({
  token: '',
  clientId: caller.principal,
  scopes: [],
  extra: { caller },
});

/**
 * /api/v1/mcp: MCP over Streamable HTTP, the transport MCP clients speak to a remote server. Every request is
 * authenticated (a session id is not a credential) and its Origin checked. Sessions are stateful
 * (Mcp-Session-Id) and bound to the credential and organization that opened them. Each one is an
 * agent_session row, so a session opened on another server process, or before a restart, is revived
 * from the database on its next call instead of failing.
 */
export function createMcpEndpoint({
  services,
  auth,
  trustedOrigins,
  timings,
  githubWebUrl,
}: McpEndpointOptions) {
  const { db } = services;
  const now = () => services.clock.now().getTime();
  const { touchEveryMs, evictAfterMs, sessionTimeoutMs, sweepEveryMs } = {
    ...DEFAULT_MCP_TIMINGS,
    ...timings,
  };
  const trusted = new Set(trustedOrigins);
  const live = new Map<string, LiveSession>();
  const reviving = new Map<string, Promise<LiveSession | null>>();
  const deps = { services, githubWebUrl };
  // A revoked key or a removed member loses its sessions at once, whichever process serves them.
  endSessionsOnRevocation(services, (id) => void forget(id));

  const belongsTo = (state: McpSessionState, caller: McpCaller) =>
    state.principal === caller.principal && state.organizationId === caller.acting.organizationId;

  async function forget(id: string) {
    const entry = live.get(id);
    live.delete(id);
    await entry?.server.close().catch(() => undefined);
  }

  function sweep(at: number) {
    for (const [id, entry] of live) {
      if (at - entry.lastUsedAt > evictAfterMs) void forget(id);
    }
  }

  async function connect(state: McpSessionState, facts: Awaited<ReturnType<typeof loadSessionFacts>>) {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => state.mcpSessionId || randomBytes(24).toString('base64url'),
      enableJsonResponse: true,
    });
    const { server, readOnlyTools } = buildMcpServer(deps, state, facts);
    await server.connect(transport);
    return { state, server, transport, readOnlyTools, lastUsedAt: now() } satisfies LiveSession;
  }

  async function initialize(request: Request, caller: McpCaller, body: unknown): Promise<Response> {
    const url = new URL(request.url);
    const toolsets = parseToolsets(url.searchParams.get('toolsets'));
    const projectParameter = url.searchParams.get('project');
    const projectId = projectParameter
      ? (await findProjectRef(db, caller.acting, projectParameter)).id
      : null;
    const facts = await loadSessionFacts(db, caller.acting.organizationId, projectId, {
      adoptOnlyProject: true,
    });
    const state: McpSessionState = {
      id: crypto.randomUUID(),
      mcpSessionId: '',
      organizationId: caller.acting.organizationId,
      principal: caller.principal,
      agentName: caller.agentName,
      projectId: facts.project?.id ?? null,
      toolsets,
      adminTools: caller.acting.adminKey === true,
      status: 'active',
      lastTouchAt: now(),
    };
    const entry = await connect(state, facts);
    const response = await entry.transport.handleRequest(request, {
      parsedBody: body,
      authInfo: authInfoOf(caller),
    });
    const sessionId = entry.transport.sessionId;
    if (!sessionId || !response.ok) {
      await entry.server.close();
      return response;
    }
    state.mcpSessionId = sessionId;
    const initialize = (Array.isArray(body) ? body : [body]).find(isInitializeRequest);
    const requested = initialize?.params.protocolVersion ?? LATEST_PROTOCOL_VERSION;
    const client = entry.server.server.getClientVersion();
    try {
      await createAgentSession(services, caller.acting, {
        id: state.id,
        mcpSessionId: sessionId,
        principal: caller.principal,
        apiKeyId: caller.acting.apiKeyId ?? null,
        agentName: caller.agentName,
        projectId: state.projectId,
        client: client ? { name: client.name, version: client.version } : null,
        protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
          ? requested
          : LATEST_PROTOCOL_VERSION,
        toolsets,
      });
    } catch (error) {
      await entry.server.close();
      throw error;
    }
    live.set(sessionId, entry);
    sweep(now());
    return response;
  }

  /**
   * Rebuilds a session another process (or this one before a restart) opened, from its row and its
   * caller (the same key, whose admin mark is fixed at creation).
   */
  async function revive(row: AgentSessionRow, caller: McpCaller): Promise<LiveSession | null> {
    const facts = await loadSessionFacts(db, row.organizationId, row.projectId, { adoptOnlyProject: false });
    const state: McpSessionState = {
      id: row.id,
      mcpSessionId: row.mcpSessionId,
      organizationId: row.organizationId,
      principal: row.principal,
      agentName: row.agentName,
      projectId: row.projectId,
      toolsets: MCP_TOOLSETS.filter((name) => row.toolsets.includes(name)),
      adminTools: caller.acting.adminKey === true,
      status: row.status,
      lastTouchAt: 0,
    };
    const entry = await connect(state, facts);
    // The transport only serves an initialized session: replay the initialize the client once sent.
    const replay = new Request('http://localhost/api/v1/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'switchboard-revive',
        method: 'initialize',
        params: {
          protocolVersion: row.protocolVersion,
          capabilities: {},
          clientInfo: { name: row.clientName ?? 'unknown', version: row.clientVersion ?? '' },
        },
      }),
    });
    const answer = await entry.transport.handleRequest(replay);
    await answer.text();
    if (!answer.ok || entry.transport.sessionId !== row.mcpSessionId) {
      await entry.server.close();
      return null;
    }
    live.set(row.mcpSessionId, entry);
    return entry;
  }

  async function sessionFor(mcpSessionId: string, caller: McpCaller): Promise<LiveSession | null> {
    const known = live.get(mcpSessionId);
    if (known) return belongsTo(known.state, caller) ? known : null;
    const row = await findByMcpSessionId(db, mcpSessionId);
    if (!row || row.status === 'ended') return null;
    if (row.principal !== caller.principal || row.organizationId !== caller.acting.organizationId)
      return null;
    let pending = reviving.get(mcpSessionId);
    if (!pending) {
      pending = revive(row, caller).finally(() => reviving.delete(mcpSessionId));
      reviving.set(mcpSessionId, pending);
    }
    return pending;
  }

  /** Seen now; claims renewed. Writes at most every touchEveryMs unless the status must change. */
  async function touch(entry: LiveSession, caller: McpCaller, body: unknown): Promise<boolean> {
    const at = now();
    entry.lastUsedAt = at;
    const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
    const activate = messages.some(
      (message) =>
        message?.method === 'tools/call' &&
        !(typeof message.params?.name === 'string' && entry.readOnlyTools.has(message.params.name)),
    );
    const due = at - entry.state.lastTouchAt >= touchEveryMs || (activate && entry.state.status !== 'active');
    if (!due) return true;
    const row = await touchAgentSession(services, caller.acting, entry.state.id, activate);
    if (!row) {
      await forget(entry.state.mcpSessionId);
      return false;
    }
    entry.state.status = row.status;
    entry.state.lastTouchAt = at;
    return true;
  }

  async function end(entry: LiveSession, caller: McpCaller, request: Request): Promise<Response> {
    await runChange(services, caller.acting, async (tx, record, at) => {
      await releaseClaimsOf(tx, record, at, entry.state.id, entry.state.agentName);
      await endAgentSession(tx, record, at, entry.state.id);
    });
    const response = await entry.transport.handleRequest(request);
    await forget(entry.state.mcpSessionId);
    return response;
  }

  let lastSweepAt = Number.NEGATIVE_INFINITY;
  /**
   * Leases and sessions run out without anyone calling: the next request after sweepEveryMs records
   * it (before it is served, so what it reads is current). A failure is logged, never the caller's.
   */
  async function sweepIfDue() {
    const at = now();
    if (at - lastSweepAt < sweepEveryMs) return;
    lastSweepAt = at;
    await sweepExpired(services, sessionTimeoutMs, 'mcp');
  }

  /**
   * The agent's pending notices (a person changed a task it holds) go with this tool result as one
   * more text part, so the first part still mirrors the structured result exactly.
   */
  async function withNotices(response: Response, caller: McpCaller, body: unknown): Promise<Response> {
    const message = body as JsonRpcMessage | null;
    const isToolCall = !Array.isArray(body) && message?.method === 'tools/call';
    const json = response.headers.get('content-type')?.includes('application/json');
    if (!isToolCall || !response.ok || !json) return response;
    const notices = await takeNotices(db, caller.acting.organizationId, caller.agentName);
    if (notices.length === 0) return response;
    const answer = (await response.json()) as { result?: { content?: { type: string; text?: string }[] } };
    answer.result?.content?.push({ type: 'text', text: `Notices: ${notices.join(' ')}` });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(answer), { status: response.status, headers });
  }

  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    const origin = request.headers.get('origin');
    if (origin !== null && !trusted.has(origin)) {
      return errorResponse(c, 'FORBIDDEN_ORIGIN', `Origin ${origin} may not call the MCP endpoint.`);
    }
    // A key over its limit throws RATE_LIMITED carrying its Retry-After; the error handler sends both.
    const caller = await resolveMcpCaller(auth, services, request);
    if (!caller) {
      c.header('WWW-Authenticate', WWW_AUTHENTICATE);
      const presented = request.headers.has('authorization') || request.headers.has('x-api-key');
      return errorResponse(
        c,
        'UNAUTHENTICATED',
        presented
          ? 'This API key is not valid: it may be mistyped, revoked or expired.'
          : 'Send an API key: Authorization: Bearer <key> or x-api-key: <key>.',
      );
    }
    if (request.method !== 'POST' && request.method !== 'DELETE') {
      // No server-initiated stream: every answer comes back on its POST.
      return new Response(null, { status: 405, headers: { allow: 'POST, DELETE' } });
    }
    const mcpSessionId = request.headers.get('mcp-session-id');
    if (request.method === 'DELETE') {
      if (!mcpSessionId) return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      const entry = await sessionFor(mcpSessionId, caller);
      return entry ? end(entry, caller, request) : sessionNotFound();
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return rpcError(400, -32700, 'Parse error: Invalid JSON');
    }
    const refused = refuseUnsafeMcpRequest(request, body);
    if (refused) return refused;
    if (!mcpSessionId) {
      const messages = Array.isArray(body) ? body : [body];
      if (!messages.some(isInitializeRequest)) {
        return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      }
      return initialize(request, caller, body);
    }
    await sweepIfDue();
    const entry = await sessionFor(mcpSessionId, caller);
    if (!entry || !(await touch(entry, caller, body))) return sessionNotFound();
    const response = await entry.transport.handleRequest(request, {
      parsedBody: body,
      authInfo: authInfoOf(caller),
    });
    return withNotices(response, caller, body);
  }

  return {
    handle,
    /** Closes every live session of this process (their rows stay: another process may serve them). */
    async close() {
      await Promise.all([...live.keys()].map(forget));
    },
  };
}

import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AuthServer } from '@switchboard/auth/server';
import type { Context } from 'hono';
import { DEFAULT_SESSION_TIMEOUT_MS } from '../domain/agents/sessions';
import type { DomainServices } from '../domain/services';
import { endSessionsOnRevocation } from '../events/revoked-agent-sessions';
import { errorResponse } from '../http/errors';
import { type McpCaller, resolveMcpCaller } from './auth';
import {
  authInfoOf,
  messagesOf,
  rpcError,
  sessionIdRequired,
  sessionNotFound,
  withNotices,
} from './json-rpc';
import { endSession } from './sessions/end';
import { findSession } from './sessions/find';
import { LiveSessions } from './sessions/live';
import { openSession } from './sessions/open';
import { sweepWhenDue } from './sessions/sweep';
import { touchSession } from './sessions/touch';
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

export interface McpEndpointOptions {
  /** What the domain needs; its clock also decides when a session is touched or evicted. */
  services: DomainServices;
  auth: AuthServer;
  /** @default DEFAULT_MCP_TIMINGS */
  timings?: Partial<McpTimings>;
  /** GitHub's web address, which link-pull-request takes pull request addresses on. */
  githubWebUrl: string;
}

/** What a server start may tune about the MCP endpoint: its timings. */
export type McpTuning = Pick<McpEndpointOptions, 'timings'>;

/** What one request is served with, once the endpoint is built. */
interface Endpoint {
  services: DomainServices;
  sessions: LiveSessions;
  sweepIfDue: () => Promise<void>;
}

/**
 * /api/v1/mcp: MCP over Streamable HTTP, the transport MCP clients speak to a remote server. Every
 * request is authenticated (a session id is not a credential); its Origin is checked before it gets
 * here, on every method, by the API's one Origin rule (requireOwnOrigin, http/request-guards.ts).
 * Sessions are stateful (Mcp-Session-Id) and bound to the credential and organization that opened them.
 * Each one is an agent_session row, so a session opened on another server process, or before a restart,
 * is revived from the database on its next call instead of failing.
 */
export function createMcpEndpoint({ services, auth, timings, githubWebUrl }: McpEndpointOptions) {
  const { touchEveryMs, evictAfterMs, sessionTimeoutMs, sweepEveryMs } = {
    ...DEFAULT_MCP_TIMINGS,
    ...timings,
  };
  const sessions = new LiveSessions({ services, githubWebUrl }, { touchEveryMs, evictAfterMs });
  const endpoint: Endpoint = {
    services,
    sessions,
    sweepIfDue: sweepWhenDue(services, { sweepEveryMs, sessionTimeoutMs }),
  };
  // A revoked key or a removed member loses its sessions at once, whichever process serves them.
  endSessionsOnRevocation(services, (id) => void sessions.forget(id));

  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    // A key over its limit throws RATE_LIMITED carrying its Retry-After; the error handler sends both.
    const caller = await resolveMcpCaller(auth, services, request);
    if (!caller) return unauthenticated(c, request);
    return serve(endpoint, request, caller);
  }

  return {
    handle,
    /** Closes every live session of this process (their rows stay: another process may serve them). */
    close: () => sessions.close(),
  };
}

/** No valid key: the challenge, and whether the key sent is wrong or none was sent. */
function unauthenticated(c: Context, request: Request): Response {
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

/** An authenticated request, by method: POST carries messages, DELETE ends a session. */
async function serve(endpoint: Endpoint, request: Request, caller: McpCaller): Promise<Response> {
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    // No server-initiated stream: every answer comes back on its POST.
    return new Response(null, { status: 405, headers: { allow: 'POST, DELETE' } });
  }
  const mcpSessionId = request.headers.get('mcp-session-id');
  if (request.method === 'DELETE') {
    if (!mcpSessionId) return sessionIdRequired();
    const entry = await findSession(endpoint.sessions, mcpSessionId, caller);
    return entry ? endSession(endpoint.sessions, entry, caller, request) : sessionNotFound();
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
    if (!messagesOf(body).some(isInitializeRequest)) return sessionIdRequired();
    return openSession(endpoint.sessions, request, caller, body);
  }
  return serveInSession(endpoint, request, caller, mcpSessionId, body);
}

/** Messages for an open session: upkeep first, then the session's transport answers. */
async function serveInSession(
  endpoint: Endpoint,
  request: Request,
  caller: McpCaller,
  mcpSessionId: string,
  body: unknown,
): Promise<Response> {
  await endpoint.sweepIfDue();
  const entry = await findSession(endpoint.sessions, mcpSessionId, caller);
  if (!entry || !(await touchSession(endpoint.sessions, entry, caller, body))) return sessionNotFound();
  const response = await entry.transport.handleRequest(request, {
    parsedBody: body,
    authInfo: authInfoOf(caller),
  });
  return withNotices(endpoint.services.db, response, caller, body);
}

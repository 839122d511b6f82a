import {
  isInitializeRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { createAgentSession } from '../../domain/agents/sessions';
import { findProjectRef } from '../../domain/projects/lookup';
import type { McpCaller } from '../auth';
import { authInfoOf, messagesOf } from '../json-rpc';
import { loadSessionFacts } from '../lookup';
import type { McpSessionState } from '../tooling';
import { parseToolsets } from '../toolsets';
import type { LiveSession, LiveSessions } from './live';

/** The session an initialize opens: bound to the URL's project (or the organization's only one). */
async function connectNewSession(
  sessions: LiveSessions,
  request: Request,
  caller: McpCaller,
): Promise<LiveSession> {
  const { db } = sessions.deps.services;
  const url = new URL(request.url);
  const toolsets = parseToolsets(url.searchParams.get('toolsets'));
  const projectParameter = url.searchParams.get('project');
  const projectId = projectParameter ? (await findProjectRef(db, caller.acting, projectParameter)).id : null;
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
    lastTouchAt: sessions.now(),
  };
  return sessions.connect(state, facts);
}

/** The protocol version the client asked for, when this server speaks it; else the latest. */
function protocolVersionOf(body: unknown): string {
  const initialize = messagesOf(body).find(isInitializeRequest);
  const requested = initialize?.params.protocolVersion ?? LATEST_PROTOCOL_VERSION;
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/** The agent_session row that makes the session revivable by any process. */
async function recordAgentSession(
  sessions: LiveSessions,
  entry: LiveSession,
  caller: McpCaller,
  body: unknown,
): Promise<void> {
  const { state } = entry;
  const client = entry.server.server.getClientVersion();
  await createAgentSession(sessions.deps.services, caller.acting, {
    id: state.id,
    mcpSessionId: state.mcpSessionId,
    principal: caller.principal,
    apiKeyId: caller.acting.apiKeyId ?? null,
    agentName: caller.agentName,
    projectId: state.projectId,
    client: client ? { name: client.name, version: client.version } : null,
    protocolVersion: protocolVersionOf(body),
    toolsets: state.toolsets,
  });
}

/** Answers an initialize: a new session, served here and recorded as an agent_session row. */
export async function openSession(
  sessions: LiveSessions,
  request: Request,
  caller: McpCaller,
  body: unknown,
): Promise<Response> {
  const entry = await connectNewSession(sessions, request, caller);
  const response = await entry.transport.handleRequest(request, {
    parsedBody: body,
    authInfo: authInfoOf(caller),
  });
  const sessionId = entry.transport.sessionId;
  if (!sessionId || !response.ok) {
    await entry.server.close();
    return response;
  }
  entry.state.mcpSessionId = sessionId;
  try {
    await recordAgentSession(sessions, entry, caller, body);
  } catch (error) {
    await entry.server.close();
    throw error;
  }
  sessions.keep(sessionId, entry);
  sessions.evictIdle(sessions.now());
  return response;
}

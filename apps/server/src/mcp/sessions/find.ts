import { MCP_TOOLSETS } from '@switchboard/api-client/contract';
import { type AgentSessionRow, findByMcpSessionId } from '../../domain/agents/sessions';
import type { McpCaller } from '../auth';
import { loadSessionFacts } from '../lookup';
import type { McpSessionState } from '../tooling';
import type { LiveSession, LiveSessions } from './live';

/** A session id is not a credential: a session serves only the key and organization that opened it. */
function belongsTo(session: Pick<McpSessionState, 'principal' | 'organizationId'>, caller: McpCaller) {
  return session.principal === caller.principal && session.organizationId === caller.acting.organizationId;
}

/** The initialize the client once sent, replayed: the transport only serves an initialized session. */
function replayedInitialize(row: AgentSessionRow): Request {
  return new Request('http://localhost/api/v1/mcp', {
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
}

/**
 * Rebuilds a session another process (or this one before a restart) opened, from its row and its
 * caller (the same key, whose admin mark is fixed at creation).
 */
async function revive(
  sessions: LiveSessions,
  row: AgentSessionRow,
  caller: McpCaller,
): Promise<LiveSession | null> {
  const facts = await loadSessionFacts(sessions.deps.services.db, row.organizationId, row.projectId, {
    adoptOnlyProject: false,
  });
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
  const entry = await sessions.connect(state, facts);
  const answer = await entry.transport.handleRequest(replayedInitialize(row));
  await answer.text();
  if (!answer.ok || entry.transport.sessionId !== row.mcpSessionId) {
    await entry.server.close();
    return null;
  }
  sessions.keep(row.mcpSessionId, entry);
  return entry;
}

/** The caller's session by its Mcp-Session-Id: served here, or revived from its row; null when not theirs or ended. */
export async function findSession(
  sessions: LiveSessions,
  mcpSessionId: string,
  caller: McpCaller,
): Promise<LiveSession | null> {
  const known = sessions.get(mcpSessionId);
  if (known) return belongsTo(known.state, caller) ? known : null;
  const row = await findByMcpSessionId(sessions.deps.services.db, mcpSessionId);
  if (!row || row.status === 'ended' || !belongsTo(row, caller)) return null;
  return sessions.reviveOnce(mcpSessionId, () => revive(sessions, row, caller));
}

import { releaseClaimsOf } from '../../domain/agents/claims';
import { endAgentSession } from '../../domain/agents/sessions';
import { runChange } from '../../domain/changes';
import type { McpCaller } from '../auth';
import type { LiveSession, LiveSessions } from './live';

/** A client's DELETE: its claims released, its row ended, then the transport answers and lets go. */
export async function endSession(
  sessions: LiveSessions,
  entry: LiveSession,
  caller: McpCaller,
  request: Request,
): Promise<Response> {
  await runChange(sessions.deps.services, caller.acting, async (tx, record, at) => {
    await releaseClaimsOf(tx, record, at, entry.state.id, entry.state.agentName);
    await endAgentSession(tx, record, at, entry.state.id);
  });
  const response = await entry.transport.handleRequest(request);
  await sessions.forget(entry.state.mcpSessionId);
  return response;
}

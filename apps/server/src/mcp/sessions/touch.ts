import { touchAgentSession } from '../../domain/agents/sessions';
import type { McpCaller } from '../auth';
import { type JsonRpcMessage, messagesOf } from '../json-rpc';
import type { LiveSession, LiveSessions } from './live';

/** Whether the request calls a tool that writes: that ends an awaiting_input state. */
function callsWritingTool(entry: LiveSession, body: unknown): boolean {
  return (messagesOf(body) as JsonRpcMessage[]).some(
    (message) =>
      message?.method === 'tools/call' &&
      !(typeof message.params?.name === 'string' && entry.readOnlyTools.has(message.params.name)),
  );
}

/**
 * Seen now; claims renewed. Writes at most every touchEveryMs unless the status must change. False
 * when the session's row has ended meanwhile: it is forgotten here too.
 */
export async function touchSession(
  sessions: LiveSessions,
  entry: LiveSession,
  caller: McpCaller,
  body: unknown,
): Promise<boolean> {
  const at = sessions.now();
  entry.lastUsedAt = at;
  const activate = callsWritingTool(entry, body);
  const due =
    at - entry.state.lastTouchAt >= sessions.timings.touchEveryMs ||
    (activate && entry.state.status !== 'active');
  if (!due) return true;
  const row = await touchAgentSession(sessions.deps.services, caller.acting, entry.state.id, activate);
  if (!row) {
    await sessions.forget(entry.state.mcpSessionId);
    return false;
  }
  entry.state.status = row.status;
  entry.state.lastTouchAt = at;
  return true;
}

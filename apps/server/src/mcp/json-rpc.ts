import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Database } from '../db/client';
import { takeNotices } from '../domain/agents/notices';
import type { McpCaller } from './auth';

/** What the endpoint reads of a JSON-RPC message before the transport parses it. */
export type JsonRpcMessage = { method?: unknown; params?: { name?: unknown } };

/** A request body as its messages: JSON-RPC allows one message or a batch. */
export function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

export function rpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const sessionNotFound = () =>
  rpcError(404, -32001, 'Session not found: it ended or never existed; initialize again.');

export const sessionIdRequired = () =>
  rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');

/** The caller as the transport hands it to tool handlers (tooling.ts reads it back per call). */
export const authInfoOf = (caller: McpCaller): AuthInfo => ({
  token: '',
  clientId: caller.principal,
  scopes: [],
  extra: { caller },
});

/**
 * The agent's pending notices (a person changed a task it holds) go with this tool result as one
 * more text part, so the first part still mirrors the structured result exactly.
 */
export async function withNotices(
  db: Database,
  response: Response,
  caller: McpCaller,
  body: unknown,
): Promise<Response> {
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

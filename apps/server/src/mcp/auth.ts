import type { AuthServer } from '@switchboard/auth/server';
import { type ActingIdentity, resolveActingContext } from '../auth/acting-context';
import type { DomainServices } from '../domain/services';

/** Who is calling the MCP endpoint, and what an MCP session opened by them is bound to. */
export interface McpCaller {
  acting: ActingIdentity;
  /** `key:<apiKeyId>` or `user:<userId>`: a session only answers the credential that opened it. */
  principal: string;
  /** The agent the calls act as: the key's agent profile, else the acting name. */
  agentName: string;
}

/**
 * Authenticates one MCP request. Only `Authorization: Bearer …` and `x-api-key` count: cookies are
 * dropped, so a browser page can never drive an agent session with someone's signed-in cookie.
 * Answers null for missing or bad credentials (401); throws AppError RATE_LIMITED / NO_ACTIVE_ORGANIZATION.
 */
export async function resolveMcpCaller(
  auth: AuthServer,
  services: DomainServices,
  request: Request,
): Promise<McpCaller | null> {
  const headers = new Headers();
  for (const name of ['authorization', 'x-api-key']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (![...headers.keys()].length) return null;
  const acting = await resolveActingContext(auth, services, headers);
  if (!acting) return null;
  const principal = acting.apiKeyId ? `key:${acting.apiKeyId}` : `${acting.actor.type}:${acting.actor.id}`;
  return { acting, principal, agentName: acting.agentName ?? acting.actor.name };
}

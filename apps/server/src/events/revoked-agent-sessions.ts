import { apikey, member } from '@switchboard/auth/schema';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { agentSession } from '../db/schema';
import type { ActingContext } from '../domain/actor';
import { releaseClaimsOf } from '../domain/agents/claims';
import { endAgentSession } from '../domain/agents/sessions';
import { runChange } from '../domain/changes';
import { describeForLog } from '../domain/errors';
import type { DomainServices } from '../domain/services';

/** A key session whose key is gone, switched off or expired, or whose key's creator left the organization. */
const keyRevoked: SQL = sql`${agentSession.apiKeyId} is not null and not exists (
  select 1 from ${apikey} join ${member}
    on ${member.userId} = ${apikey.referenceId} and ${member.organizationId} = ${agentSession.organizationId}
  where ${apikey.id} = ${agentSession.apiKeyId}
    and ${apikey.enabled} is not false
    and (${apikey.expiresAt} is null or ${apikey.expiresAt} > now())
)`;

/** A session opened with a person's own credentials, who is no longer a member of its organization. */
const memberGone: SQL = sql`${agentSession.apiKeyId} is null and not exists (
  select 1 from ${member}
  where ${member.organizationId} = ${agentSession.organizationId}
    and 'user:' || ${member.userId} = ${agentSession.principal}
)`;

const revokedAndOpen = and(ne(agentSession.status, 'ended'), or(keyRevoked, memberGone));

/**
 * Ends every open agent session whose caller has lost access, releasing its claims, as a DELETE from
 * its client would. Safe from several processes at once: each session is ended by whichever locks it
 * first. Answers the Mcp-Session-Id of every session found revoked, so the MCP endpoint drops them.
 */
export async function endRevokedAgentSessions(services: DomainServices): Promise<string[]> {
  const revoked = await services.db
    .select({
      id: agentSession.id,
      mcpSessionId: agentSession.mcpSessionId,
      organizationId: agentSession.organizationId,
      agentName: agentSession.agentName,
    })
    .from(agentSession)
    .where(revokedAndOpen);
  for (const session of revoked) {
    const context: ActingContext = {
      organizationId: session.organizationId,
      actor: { type: 'agent', id: null, name: session.agentName },
    };
    await runChange(services, context, async (tx, record, now) => {
      const [locked] = await tx
        .select({ id: agentSession.id })
        .from(agentSession)
        .where(and(eq(agentSession.id, session.id), ne(agentSession.status, 'ended')))
        .for('update')
        .limit(1);
      if (!locked) return;
      await releaseClaimsOf(tx, record, now, session.id, session.agentName);
      await endAgentSession(tx, record, now, session.id, 'its access was revoked');
    });
  }
  return revoked.map((session) => session.mcpSessionId);
}

/**
 * What the MCP endpoint subscribes with: on every access change announced by any process, the revoked
 * callers' sessions end and `forget` drops them from this process's memory. Runs never overlap.
 * Returns the unsubscribe.
 */
export function endSessionsOnRevocation(
  services: DomainServices,
  forget: (mcpSessionId: string) => void,
): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  const sweep = async (): Promise<void> => {
    do {
      again = false;
      const ended = await endRevokedAgentSessions(services).catch((error: unknown) => {
        console.error(`[mcp] ending the sessions of revoked callers failed: ${describeForLog(error)}`);
        return [];
      });
      for (const id of ended) forget(id);
    } while (again);
  };
  return services.bus.onAccessChange(() => {
    if (running) {
      again = true;
      return;
    }
    running = sweep().finally(() => {
      running = undefined;
    });
  });
}

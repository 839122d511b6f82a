import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentNotice } from '../../db/schema';
import type { Transaction } from '../changes';

/**
 * Keeps a message for an agent until its next tool call, in the same transaction as the change it
 * tells of and stamped with that change's time (notices are handed out in that order).
 */
export async function noticeForAgent(
  tx: Transaction,
  now: Date,
  organizationId: string,
  agentName: string,
  message: string,
): Promise<void> {
  await tx
    .insert(agentNotice)
    .values({ id: crypto.randomUUID(), organizationId, agentName, message, createdAt: now });
}

/**
 * The agent's pending notices, oldest first, each handed out once: one DELETE … RETURNING takes them,
 * so of two calls racing for them exactly one gets each, and a call with none costs a single indexed
 * statement (it runs before every tool result).
 */
export async function takeNotices(
  db: Database,
  organizationId: string,
  agentName: string,
): Promise<string[]> {
  const rows = await db
    .delete(agentNotice)
    .where(and(eq(agentNotice.organizationId, organizationId), eq(agentNotice.agentName, agentName)))
    .returning({ message: agentNotice.message, createdAt: agentNotice.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.message);
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agentNotice } from '../db/schema';
import type { Transaction } from './changes';

/** Keeps a message for an agent until its next tool call, in the same transaction as the change it tells of. */
export async function noticeForAgent(
  tx: Transaction,
  organizationId: string,
  agentName: string,
  message: string,
): Promise<void> {
  await tx.insert(agentNotice).values({ id: crypto.randomUUID(), organizationId, agentName, message });
}

/** The agent's pending notices, oldest first, each handed out once: reading them deletes them. */
export async function takeNotices(
  db: Database,
  organizationId: string,
  agentName: string,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: agentNotice.id, message: agentNotice.message, createdAt: agentNotice.createdAt })
      .from(agentNotice)
      .where(and(eq(agentNotice.organizationId, organizationId), eq(agentNotice.agentName, agentName)))
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.delete(agentNotice).where(
      inArray(
        agentNotice.id,
        rows.map((row) => row.id),
      ),
    );
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.message);
  });
}

import type { PlanLimitName } from '@switchboard/api-client/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentProfile, member, project } from '../../db/schema';
import type { Transaction } from '../changes';

/** How many of a limited thing the organization has. */
export async function usageOf(
  db: Database | Transaction,
  organizationId: string,
  limit: PlanLimitName,
): Promise<number> {
  const table = limit === 'projects' ? project : agentProfile;
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function memberCountOf(db: Database | Transaction, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(member).where(eq(member.organizationId, organizationId));
  return row?.n ?? 0;
}

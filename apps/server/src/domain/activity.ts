import type { RealtimeEvent } from '@switchboard/api-client/contract';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { activity } from '../db/schema';
import type { ActingContext } from './actor';
import { activityToEvents } from './changes';

export interface ActivityQuery {
  projectId?: string;
  entityId?: string;
  /** Entries older than this sequence number. */
  cursor?: string;
  limit: number;
}

/** The organisation's activity log, newest first, one page at a time. */
export async function listActivity(
  db: Database,
  context: ActingContext,
  query: ActivityQuery,
): Promise<{ items: RealtimeEvent[]; nextCursor?: string }> {
  const conditions = [eq(activity.organizationId, context.organizationId)];
  if (query.projectId) conditions.push(eq(activity.projectId, query.projectId));
  if (query.entityId) conditions.push(eq(activity.entityId, query.entityId));
  if (query.cursor) conditions.push(lt(activity.seq, Number(query.cursor)));
  const rows = await db
    .select()
    .from(activity)
    .where(and(...conditions))
    .orderBy(desc(activity.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: activityToEvents(page),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : undefined,
  };
}

/** Events after `afterId`, oldest first, for a reconnecting stream; at most `limit`. */
export async function eventsAfter(
  db: Database,
  organizationId: string,
  afterId: number,
  limit: number,
): Promise<RealtimeEvent[]> {
  const rows = await db
    .select()
    .from(activity)
    .where(and(eq(activity.organizationId, organizationId), gt(activity.seq, afterId)))
    .orderBy(activity.seq)
    .limit(limit);
  return activityToEvents(rows);
}

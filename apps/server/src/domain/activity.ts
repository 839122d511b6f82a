import type { RealtimeEvent } from '@switchboard/api-client/contract';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { activity, activityPosition } from '../db/schema';
import type { ActingContext } from './actor';
import { activityToEvent, activityToEvents } from './changes';

export interface ActivityQuery {
  projectId?: string;
  entityId?: string;
  /** Entries older than this position. */
  cursor?: string;
  limit: number;
}

/** The organization's activity log, newest first, one page at a time. */
export async function listActivity(
  db: Database,
  context: ActingContext,
  query: ActivityQuery,
): Promise<{ items: RealtimeEvent[]; nextCursor?: string }> {
  const conditions = [eq(activity.organizationId, context.organizationId)];
  if (query.projectId) conditions.push(eq(activity.projectId, query.projectId));
  if (query.entityId) conditions.push(eq(activity.entityId, query.entityId));
  if (query.cursor) conditions.push(lt(activity.position, Number(query.cursor)));
  const rows = await db
    .select()
    .from(activity)
    .where(and(...conditions))
    .orderBy(desc(activity.position))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: activityToEvents(page),
    nextCursor: rows.length > query.limit && last ? String(last.position) : undefined,
  };
}

/** A stretch of the log read in order: its events, and the last position it covered. */
export interface LogStretch {
  events: RealtimeEvent[];
  /** The last position read, even when that row did not read back as an event; undefined when empty. */
  throughPosition?: number;
  /** Whether the read stopped at its limit, so more may follow. */
  more: boolean;
}

/** Events after position `afterPosition`, oldest first, for a stream catching up; at most `limit`. */
export async function eventsAfter(
  db: Database,
  organizationId: string,
  afterPosition: number,
  limit: number,
): Promise<LogStretch> {
  const rows = await db
    .select()
    .from(activity)
    .where(and(eq(activity.organizationId, organizationId), gt(activity.position, afterPosition)))
    .orderBy(activity.position)
    .limit(limit);
  return {
    events: activityToEvents(rows),
    throughPosition: rows.at(-1)?.position,
    more: rows.length === limit,
  };
}

/** The event at one position of the organization's log, if it is there and still reads as one. */
export async function eventAt(
  db: Database,
  organizationId: string,
  position: number,
): Promise<RealtimeEvent | undefined> {
  const [row] = await db
    .select()
    .from(activity)
    .where(and(eq(activity.organizationId, organizationId), eq(activity.position, position)));
  return row ? activityToEvent(row) : undefined;
}

/** The last committed position of the organization's log (0 before its first change). */
export async function latestPosition(db: Database, organizationId: string): Promise<number> {
  const [counter] = await db
    .select({ lastPosition: activityPosition.lastPosition })
    .from(activityPosition)
    .where(eq(activityPosition.organizationId, organizationId));
  return counter?.lastPosition ?? 0;
}

import type { Database } from '../db/client';
import { activity } from '../db/schema';
import type { DomainEvent, EventBus } from '../events/bus';
import type { ActingContext } from './actor';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ChangeRecord {
  projectId: string | null;
  /** Event name, e.g. task.moved */
  action: string;
  entity: string;
  entityId: string;
  summary: string;
  data?: Record<string, unknown>;
}

export type RecordChange = (change: ChangeRecord) => Promise<void>;

/**
 * Runs one change as one transaction: the caller's writes and the activity rows describing them
 * commit together or not at all. Only after the commit are the events published, so no client ever
 * sees a change that was rolled back.
 */
export async function runChange<T>(
  db: Database,
  bus: EventBus,
  context: ActingContext,
  work: (tx: Transaction, record: RecordChange) => Promise<T>,
): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await db.transaction(async (tx) => {
    const record: RecordChange = async (change) => {
      const [row] = await tx
        .insert(activity)
        .values({
          organizationId: context.organizationId,
          projectId: change.projectId,
          actorType: context.actor.type,
          actorId: context.actor.id,
          actorName: context.actor.name,
          action: change.action,
          entity: change.entity,
          entityId: change.entityId,
          summary: change.summary,
          data: change.data ?? {},
        })
        .returning();
      if (row) events.push(activityToEvent(row));
    };
    return work(tx, record);
  });
  if (events.length > 0) {
    await bus.publish(events).catch((error: unknown) => console.error('[events] publish failed:', error));
  }
  return result;
}

export function activityToEvent(row: typeof activity.$inferSelect): DomainEvent {
  return {
    id: String(row.seq),
    organizationId: row.organizationId,
    projectId: row.projectId,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: row.summary,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

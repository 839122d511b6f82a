import {
  type RealtimeEvent,
  type RealtimeEventAction,
  type RealtimeEventOf,
  realtimeEventSchema,
} from '@switchboard/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { activity, activityPosition } from '../db/schema';
import type { ActingContext } from './actor';
import { describeForLog } from './errors';
import { completeTasks } from './people/assignee-people';
import type { DomainServices } from './services';

// Every domain file names the transaction it writes through from here, beside runChange.
export type { Transaction };

type RecordedFields = 'projectId' | 'action' | 'entity' | 'entityId' | 'summary' | 'data';

/**
 * What a change records: one realtime event minus what runChange fills in (id, organization, actor,
 * time). Keyed by action, so a payload that does not belong to its action is a type error; without an
 * argument it is the union of every action's record.
 */
export type ChangeRecord<Action extends RealtimeEventAction = RealtimeEventAction> = Action extends unknown
  ? Pick<RealtimeEventOf<Action>, RecordedFields>
  : never;

export type RecordChange = (change: ChangeRecord) => Promise<void>;

/** The part of a record that names what changed, shared by every action about one kind of entity. */
export type ChangeSubject<Entity extends RealtimeEvent['entity']> = Pick<
  Extract<ChangeRecord, { entity: Entity }>,
  'projectId' | 'entity' | 'entityId' | 'summary'
>;

type ActivityRow = typeof activity.$inferSelect;

/**
 * Runs one change as one transaction: the caller's writes and the activity rows describing them
 * commit together or not at all. Only after the commit are the events published, so no client ever
 * sees a change that was rolled back.
 *
 * The activity rows are written last, numbered from the organization's position counter: its row stays
 * locked from that moment to the commit, so positions follow commit order and a reader that has seen
 * position n has every committed position below it. Only the organization's own writers wait, and only
 * for that final step.
 *
 * A change happens at one time, read once from the clock: `now` is what its rows record as written,
 * what its leases are measured from, and its activity rows' time.
 */
export async function runChange<T>(
  services: DomainServices,
  context: ActingContext,
  work: (tx: Transaction, record: RecordChange, now: Date) => Promise<T>,
): Promise<T> {
  let events: RealtimeEvent[] = [];
  const now = services.clock.now();
  const result = await services.db.transaction(async (tx) => {
    const changes: ChangeRecord[] = [];
    const record: RecordChange = async (change) => {
      changes.push(change);
    };
    const outcome = await work(tx, record, now);
    // Task answers and snapshots carry their assignee by id and maybe no labels until here: one read
    // names every assignee and labels every task, so each answer and event shows what the board draws.
    await completeTasks(tx, context.organizationId, [outcome, changes.map((change) => change.data)]);
    events = await writeActivity(tx, context, changes, now);
    return outcome;
  });
  if (events.length > 0) {
    await services.bus
      .publish(events)
      .catch((error: unknown) => console.error(`[events] publish failed: ${describeForLog(error)}`));
  }
  return result;
}

/** Takes the next positions of the organization's log and writes one activity row per change. */
async function writeActivity(
  tx: Transaction,
  context: ActingContext,
  changes: ChangeRecord[],
  now: Date,
): Promise<RealtimeEvent[]> {
  if (changes.length === 0) return [];
  const [counter] = await tx
    .insert(activityPosition)
    .values({ organizationId: context.organizationId, lastPosition: changes.length })
    .onConflictDoUpdate({
      target: activityPosition.organizationId,
      set: { lastPosition: sql`${activityPosition.lastPosition} + ${changes.length}` },
    })
    .returning({ lastPosition: activityPosition.lastPosition });
  if (!counter) throw new Error('the activity position counter returned no row');
  const firstPosition = counter.lastPosition - changes.length + 1;
  const rows = await tx
    .insert(activity)
    .values(
      changes.map((change, index) => ({
        organizationId: context.organizationId,
        position: firstPosition + index,
        projectId: change.projectId,
        actorType: context.actor.type,
        actorId: context.actor.id,
        actorName: context.actor.name,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId,
        summary: change.summary,
        data: change.data,
        createdAt: now,
      })),
    )
    .returning();
  const changeAt = new Map(changes.map((change, index) => [firstPosition + index, change]));
  return rows
    .sort((a, b) => a.position - b.position)
    .flatMap((row) => {
      const change = changeAt.get(row.position);
      return change ? [{ ...envelopeOf(row), ...change }] : [];
    });
}

function envelopeOf(row: ActivityRow) {
  return {
    id: String(row.position),
    organizationId: row.organizationId,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * An activity row read back as its event. Rows are only written through runChange, so each one
 * parses; one that does not (written by an older server with another payload) is left out and
 * logged rather than failing a whole page or stream.
 */
export function activityToEvent(row: ActivityRow): RealtimeEvent | undefined {
  const parsed = realtimeEventSchema.safeParse({
    ...envelopeOf(row),
    projectId: row.projectId,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: row.summary,
    data: row.data,
  });
  if (parsed.success) return parsed.data;
  console.error(`[events] activity ${row.position} (${row.action}) does not match its event schema; skipped`);
  return undefined;
}

/** The rows that read back as events, in their order. */
export function activityToEvents(rows: ActivityRow[]): RealtimeEvent[] {
  return rows.flatMap((row) => activityToEvent(row) ?? []);
}

/**
 * The made and last-changed times of a row a change creates: the change's time, so a test that moves
 * the clock sees them move (the columns' database default is only a safety net for rows written
 * outside a change).
 */
export function madeAt(now: Date): { createdAt: Date; updatedAt: Date } {
  return { createdAt: now, updatedAt: now };
}

/** What a step of a change is handed: the transaction, the activity recorder and the change's time. */
type ChangeStep<A extends unknown[], T> = (
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  ...args: A
) => Promise<T>;

/**
 * A step written to run inside a caller's change (bulk edits, plan acceptance) made into a change of
 * its own, so the standalone operation and the step are one code path and keep the same rules.
 */
export function asOwnChange<A extends unknown[], T>(
  step: ChangeStep<A, T>,
): (services: DomainServices, context: ActingContext, ...args: A) => Promise<T> {
  return (services, context, ...args) =>
    runChange(services, context, (tx, record, now) => step(tx, record, now, context, ...args));
}

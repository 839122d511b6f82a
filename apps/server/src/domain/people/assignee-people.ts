import type { AssigneeUser, TaskLabel } from '@switchboard/api-client/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { label, member, taskLabel, user } from '../../db/schema';
import {
  giveLabels,
  isUnlabelledTask,
  labelSortName,
  labelsByTask,
  labelsOfTheseTasks,
  type UnlabelledTask,
} from '../tasks/label-reads';

type Executor = Database | Transaction;
/** An object carrying an assignee, and that person's id. */
interface Holder {
  object: Record<string, unknown>;
  userId: string;
}

/** What one walk over an answer found to fill in. */
interface Found {
  holders: Holder[];
  /** Tasks without their labels. */
  unlabelled: UnlabelledTask[];
}

/** Answers are plain JSON-like values; a deeper nesting than this holds no task. */
const MAX_DEPTH = 8;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function assigneeIdOf(value: Record<string, unknown>): string | undefined {
  const person = value.assigneeUser;
  return isPlainObject(person) && typeof person.id === 'string' ? person.id : undefined;
}

function collect(value: unknown, found: Found, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  const userId = assigneeIdOf(value);
  if (userId) found.holders.push({ object: value, userId });
  if (isUnlabelledTask(value)) found.unlabelled.push(value);
  for (const [key, child] of Object.entries(value)) {
    if (key !== 'assigneeUser') collect(child, found, depth + 1);
  }
}

/**
 * One row of the read that serves a whole answer: a person (owner: the user, detail: the picture) or
 * one label of a task (owner: the task, detail: the colour). Both kinds share the columns so that a
 * single statement brings both.
 */
type DetailKind = 'person' | 'label';

/** The members among these users, as assignees are shown. */
function peopleRows(db: Executor, organizationId: string, userIds: string[]) {
  return db
    .select({
      kind: sql<DetailKind>`'person'`.as('kind'),
      ownerId: sql<string>`${user.id}`.as('owner_id'),
      id: sql<string>`${user.id}`.as('id'),
      name: sql<string>`${user.name}`.as('name'),
      detail: sql<string | null>`${user.image}`.as('detail'),
      sortName: sql<string>`''`.as('sort_name'),
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), inArray(member.userId, userIds)));
}

function labelRows(db: Executor, taskIds: string[]) {
  const read = db
    .select({
      kind: sql<DetailKind>`'label'`.as('kind'),
      ownerId: sql<string>`${taskLabel.taskId}`.as('owner_id'),
      id: sql<string>`${label.id}`.as('id'),
      name: sql<string>`${label.name}`.as('name'),
      detail: sql<string | null>`${label.color}`.as('detail'),
      sortName: sql<string>`${labelSortName}`.as('sort_name'),
    })
    .from(taskLabel)
    .$dynamic();
  return labelsOfTheseTasks(read, taskIds);
}

// A union orders by its output columns: labels by name whatever its case, as every answer lists them.
const detailOrder = [asc(sql`"sort_name"`), asc(sql`"id"`)];

/** The people and the task labels an answer names, in one statement whichever of them it needs. */
async function readDetails(
  db: Executor,
  organizationId: string,
  userIds: string[],
  taskIds: string[],
): Promise<{ people: Map<string, AssigneeUser>; labels: Map<string, TaskLabel[]> }> {
  const people = userIds.length > 0 ? peopleRows(db, organizationId, userIds) : undefined;
  const labels = taskIds.length > 0 ? labelRows(db, taskIds) : undefined;
  const rows =
    people && labels
      ? await unionAll(people, labels).orderBy(...detailOrder)
      : ((await (people ?? labels)?.orderBy(...detailOrder)) ?? []);
  const byKind = (kind: DetailKind) => rows.filter((row) => row.kind === kind);
  return {
    people: new Map(
      byKind('person').map((row) => [row.id, { id: row.id, name: row.name, image: row.detail }]),
    ),
    labels: labelsByTask(
      byKind('label').map((row) => ({
        taskId: row.ownerId,
        id: row.id,
        name: row.name,
        // A label always has its colour (the column is not null); only a person's picture may be missing.
        color: row.detail ?? '',
      })),
    ),
  };
}

async function fillIn<T>(db: Executor, organizationId: string, value: T): Promise<T> {
  const found: Found = { holders: [], unlabelled: [] };
  collect(value, found, 0);
  const { unlabelled } = found;
  if (found.holders.length === 0 && unlabelled.length === 0) return value;
  const { people, labels } = await readDetails(
    db,
    organizationId,
    [...new Set(found.holders.map((holder) => holder.userId))],
    [...new Set(unlabelled.map((item) => item.id))],
  );
  for (const holder of found.holders) {
    const person = people.get(holder.userId);
    holder.object.assigneeUser = person ? { ...person } : null;
  }
  giveLabels(unlabelled, labels);
  return value;
}

/**
 * Fills in, in place and with one statement, what every task inside an answer or event payload shows
 * from other tables: the name and picture of its `assigneeUser` and its labels. A task is built from
 * its row alone in many places (writes, claims, reviews, leases, bulk steps), so toTask carries the
 * assignee by id and no labels, and each answer and change passes through here once before it leaves.
 * Someone who is no longer a member of the organization is shown as no assignee, so no answer ever
 * names a person outside it; a task that already carries its labels keeps them.
 */
export async function completeTasks<T>(db: Executor, organizationId: string, value: T): Promise<T> {
  return fillIn(db, organizationId, value);
}

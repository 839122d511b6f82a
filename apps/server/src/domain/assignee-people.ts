import type { AssigneeUser } from '@switchboard/api-client/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { member, user } from '../db/schema';
import type { Transaction } from './changes';

type Executor = Database | Transaction;
/** An object carrying an assignee, and that person's id. */
interface Holder {
  object: Record<string, unknown>;
  userId: string;
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

function collectHolders(value: unknown, found: Holder[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collectHolders(item, found, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  const userId = assigneeIdOf(value);
  if (userId) found.push({ object: value, userId });
  for (const [key, child] of Object.entries(value)) {
    if (key !== 'assigneeUser') collectHolders(child, found, depth + 1);
  }
}

/**
 * Fills in the name and picture of every `assigneeUser` inside an answer or event payload, in place,
 * with one query. A task answer is built from its row alone in many places (writes, claims, reviews,
 * leases), while the person's name lives in the user table: so toTask carries the id, and each answer
 * and change passes through here once before it leaves. Someone who is no longer a member of the
 * organization is shown as no assignee, so no answer ever names a person outside it.
 */
export async function resolveAssigneeUsers<T>(db: Executor, organizationId: string, value: T): Promise<T> {
  const holders: Holder[] = [];
  collectHolders(value, holders, 0);
  if (holders.length === 0) return value;
  const ids = [...new Set(holders.map((holder) => holder.userId))];
  const people = await db
    .select({ id: user.id, name: user.name, image: user.image })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), inArray(member.userId, ids)));
  const byId = new Map<string, AssigneeUser>(people.map((person) => [person.id, person]));
  for (const holder of holders) {
    const person = byId.get(holder.userId);
    holder.object.assigneeUser = person ? { ...person } : null;
  }
  return value;
}

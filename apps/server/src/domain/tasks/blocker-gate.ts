import type { Actor } from '@switchboard/api-client/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { task, taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import type { StatusRow, TaskRow } from './views';

/** A task the moved one waits for that is not in a done-category status yet. */
export interface UnfinishedBlocker {
  key: string;
  title: string;
  status: string;
  category: string;
}

/**
 * Which kinds of actor unfinished blockers hold. Agents are held: next-task never offers them such a
 * task, and starting it by hand would build on work that is not there yet. People are not: they know
 * why the order can bend, and their move is recorded with the blockers it went over. A new kind of
 * actor must be placed here before it compiles.
 */
export const HELD_BY_BLOCKERS: Readonly<Record<Actor['type'], boolean>> = { agent: true, user: false };

async function unfinishedBlockers(tx: Transaction, current: TaskRow): Promise<UnfinishedBlocker[]> {
  if (current.blockedBy.length === 0) return [];
  const rows = await tx
    .select({ key: task.key, title: task.title, status: taskStatus.name, category: taskStatus.category })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(inArray(task.id, current.blockedBy))
    .orderBy(asc(task.number));
  return rows.filter((row) => row.category !== 'done');
}

/**
 * Unfinished blockers keep a task from being started: an agent cannot move it out of the todo
 * category (to in progress, review or done) until every task in its blockedBy is done. Only leaving
 * todo is held, so moving back to todo, reordering and moves between later columns always go
 * through; a task a person already started over its blockers is theirs to let the agent finish.
 * Answers the words for the activity line when a person went over blockers; throws TASK_BLOCKED
 * for an agent.
 */
export async function checkBlockers(
  tx: Transaction,
  context: ActingContext,
  current: TaskRow,
  from: StatusRow,
  to: StatusRow,
): Promise<{ overruled?: string }> {
  if (from.category !== 'todo' || to.category === 'todo') return {};
  const blockers = await unfinishedBlockers(tx, current);
  if (blockers.length === 0) return {};
  const listed = blockers.map((blocker) => `${blocker.key} (${blocker.status})`).join(', ');
  if (!HELD_BY_BLOCKERS[context.actor.type]) return { overruled: `over unfinished blocker(s) ${listed}` };
  throw new AppError(
    'TASK_BLOCKED',
    `${current.key} waits for ${listed}, so it cannot move to ${to.name} yet. Take another task (next-task offers only ready ones), or ask a person to move it.`,
    { key: current.key, blockers },
  );
}

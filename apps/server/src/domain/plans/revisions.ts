import type { Actor } from '@switchboard/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type plan, planRevision } from '../../db/schema';
import type { Transaction } from '../changes';

type Executor = Database | Transaction;
type PlanRow = typeof plan.$inferSelect;

/** One revision of a plan's items: who wrote it, and when. */
export interface PlanRevisionEntry {
  revision: number;
  author: Actor;
  createdAt: Date;
}

/** Credits a revision of the items to whoever wrote it (inside the change that writes them). */
export async function recordRevision(
  tx: Transaction,
  now: Date,
  planId: string,
  revision: number,
  author: Actor,
) {
  await tx.insert(planRevision).values({
    planId,
    revision,
    createdAt: now,
    authorType: author.type,
    authorId: author.id,
    authorName: author.name,
  });
}

/**
 * Every revision of the plan, oldest first. A plan older than the record of revisions has none
 * recorded: its author stands for its revisions, the current one dated by the plan's last change.
 */
export async function revisionsOf(db: Executor, row: PlanRow): Promise<PlanRevisionEntry[]> {
  const rows = await db
    .select()
    .from(planRevision)
    .where(eq(planRevision.planId, row.id))
    .orderBy(asc(planRevision.revision));
  if (rows.length > 0) {
    return rows.map((entry) => ({
      revision: entry.revision,
      author: actorOf(entry),
      createdAt: entry.createdAt,
    }));
  }
  return [{ revision: row.revision, author: actorOf(row), createdAt: row.updatedAt }];
}

/** Who wrote one revision of the plan's items. */
export async function authorOfRevision(db: Executor, row: PlanRow, revision: number): Promise<Actor> {
  const [entry] = await db
    .select()
    .from(planRevision)
    .where(and(eq(planRevision.planId, row.id), eq(planRevision.revision, revision)));
  return actorOf(entry ?? row);
}

/** The author a plan or revision row names. */
function actorOf(row: Pick<PlanRow, 'authorType' | 'authorId' | 'authorName'>): Actor {
  return { type: row.authorType, id: row.authorId, name: row.authorName };
}

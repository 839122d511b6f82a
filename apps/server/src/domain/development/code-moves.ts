import type { CodeMoves, UpdateCodeMoves } from '@switchboard/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { codeMoves } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { findProject } from '../projects/lookup';
import { versionConflict } from '../versioning';

type Executor = Database | Transaction;

/** Every move follows the code until someone says otherwise: what connecting a repository is for. */
const ALL_ON: CodeMoves = {
  openedMovesToReview: true,
  mergedMovesToDone: true,
  closedAddsComment: true,
  version: 0,
};

/** The project's switches; a project nobody changed them in has them all on (version 0). */
export async function codeMovesOf(db: Executor, projectId: string): Promise<CodeMoves> {
  const [row] = await db.select().from(codeMoves).where(eq(codeMoves.projectId, projectId)).limit(1);
  if (!row) return ALL_ON;
  const { projectId: _project, ...switches } = row;
  return switches;
}

export async function readCodeMoves(
  db: Database,
  context: ActingContext,
  projectId: string,
): Promise<CodeMoves> {
  await findProject(db, context, projectId);
  return codeMovesOf(db, projectId);
}

export async function updateCodeMoves(
  db: Database,
  context: ActingContext,
  projectId: string,
  input: UpdateCodeMoves,
): Promise<CodeMoves> {
  return db.transaction(async (tx) => {
    await findProject(tx, context, projectId);
    const [locked] = await tx
      .select()
      .from(codeMoves)
      .where(eq(codeMoves.projectId, projectId))
      .for('update');
    const current = locked ? { ...locked } : ALL_ON;
    if (current.version !== input.version) throw versionConflict('set of code moves', current.version);
    const { version: _read, ...changed } = input;
    const next = {
      openedMovesToReview: changed.openedMovesToReview ?? current.openedMovesToReview,
      mergedMovesToDone: changed.mergedMovesToDone ?? current.mergedMovesToDone,
      closedAddsComment: changed.closedAddsComment ?? current.closedAddsComment,
      version: current.version + 1,
    };
    // The first change inserts; two first changes at once meet at the primary key and one gets 409.
    const [row] = locked
      ? await tx.update(codeMoves).set(next).where(eq(codeMoves.projectId, projectId)).returning()
      : await tx
          .insert(codeMoves)
          .values({ projectId, ...next })
          .onConflictDoNothing()
          .returning();
    if (!row) throw versionConflict('set of code moves', 1);
    const { projectId: _project, ...switches } = row;
    return switches;
  });
}

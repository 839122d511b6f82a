import {
  type CreateSavedView,
  SAVED_VIEWS_PER_PERSON,
  type SavedView,
  type SavedViewDeletion,
  type UpdateSavedView,
} from '@switchboard/api-client/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedView, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import { madeAt, type Transaction } from '../changes';
import { AppError } from '../errors';
import { personOf } from '../people/assignees';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { canWriteSettings } from '../settings-writers';
import { refuseTakenName, type UniqueNames, withNameGuard } from '../unique-names';
import { versionConflict } from '../versioning';

/*
 * Saved views are people's arrangements of a list, not project data: they are written without the
 * activity log (a personal view's name is nobody else's business) and without events. A personal view
 * is its author's alone, to everyone else it does not exist; a shared one every member sees and uses,
 * and its author or an owner or admin changes it.
 */

type Executor = Database | Transaction;
type ViewRow = typeof savedView.$inferSelect;

/** Who asks: the organization, their role in it, and the key they call with, if any. */
export type ViewerContext = ActingContext & { role: string; apiKeyId?: string };

interface Viewer {
  context: ViewerContext;
  userId: string;
}

/** The person behind the call: a signed-in member, or the member whose API key it is. */
async function viewerOf(db: Executor, context: ViewerContext): Promise<Viewer> {
  const userId = await personOf(db, context);
  if (!userId) throw new AppError('FORBIDDEN', 'Saved views belong to people; this key acts for nobody.');
  return { context, userId };
}

// Owners and admins look after what the organization shares, as they do its other settings.
const isAdmin = (viewer: Viewer) => canWriteSettings(viewer.context.role);

/** Its author always; an owner or admin too when it is shared. */
function mayEdit(viewer: Viewer, row: ViewRow): boolean {
  return row.authorId === viewer.userId || (row.shared && isAdmin(viewer));
}

const visibleTo = (viewer: Viewer) => or(eq(savedView.shared, true), eq(savedView.authorId, viewer.userId));

function toSavedView(row: ViewRow, authorName: string, viewer: Viewer): SavedView {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    shared: row.shared,
    search: row.search,
    author: { id: row.authorId, name: authorName },
    canEdit: mayEdit(viewer, row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withAuthor = { view: savedView, authorName: user.name };

/** The caller's own views of a project and the shared ones, by name. */
export async function listSavedViews(
  db: Database,
  context: ViewerContext,
  projectId: string,
): Promise<SavedView[]> {
  const viewer = await viewerOf(db, context);
  const project = await findProject(db, context, projectId);
  const rows = await db
    .select(withAuthor)
    .from(savedView)
    .innerJoin(user, eq(user.id, savedView.authorId))
    .where(and(eq(savedView.projectId, project.id), visibleTo(viewer)))
    .orderBy(asc(sql`lower(${savedView.name})`), asc(savedView.createdAt));
  return rows.map((row) => toSavedView(row.view, row.authorName, viewer));
}

/**
 * A view the caller can see, by id; anything else (another organization's, another person's
 * personal view, a deleted one) is SAVED_VIEW_NOT_FOUND. `forEdit` also requires the right to change it.
 */
async function findSavedView(
  tx: Executor,
  viewer: Viewer,
  viewId: string,
  options: { forEdit?: boolean; lock?: boolean } = {},
) {
  const query = tx
    .select(withAuthor)
    .from(savedView)
    .innerJoin(user, eq(user.id, savedView.authorId))
    .where(
      and(
        eq(savedView.id, viewId),
        eq(savedView.organizationId, viewer.context.organizationId),
        visibleTo(viewer),
      ),
    )
    .limit(1);
  const [found] = options.lock ? await query.for('update', { of: savedView }) : await query;
  if (!found) throw new AppError('SAVED_VIEW_NOT_FOUND', `There is no saved view ${viewId} you can see.`);
  if (options.forEdit && !mayEdit(viewer, found.view)) {
    throw new AppError(
      'FORBIDDEN',
      `Only ${found.authorName}, who saved "${found.view.name}", and the organization's owners and admins may change it.`,
    );
  }
  return found;
}

/** A person's views of one project have names of their own; another person's may repeat them. */
const VIEW_NAMES: UniqueNames = { code: 'SAVED_VIEW_NAME_TAKEN', thing: 'view of yours', scope: 'project' };

/** The author's views of the project, by id and name: what a new or renamed view's name must avoid. */
function viewsOfAuthor(tx: Transaction, projectId: string, authorId: string) {
  return tx
    .select({ id: savedView.id, name: savedView.name })
    .from(savedView)
    .where(and(eq(savedView.projectId, projectId), eq(savedView.authorId, authorId)));
}

export async function createSavedView(
  { db, clock }: DomainServices,
  context: ViewerContext,
  projectId: string,
  input: CreateSavedView,
): Promise<SavedView> {
  const viewer = await viewerOf(db, context);
  const project = await findProject(db, context, projectId);
  return withNameGuard(VIEW_NAMES, input.name, () =>
    db.transaction(async (tx) => {
      // The author's row lock makes one person's simultaneous saves count one after the other.
      const [author] = await tx
        .select({ name: user.name })
        .from(user)
        .where(eq(user.id, viewer.userId))
        .for('update');
      const saved = await viewsOfAuthor(tx, project.id, viewer.userId);
      if (saved.length >= SAVED_VIEWS_PER_PERSON) {
        throw new AppError(
          'SAVED_VIEW_LIMIT_REACHED',
          `You may save at most ${SAVED_VIEWS_PER_PERSON} views of a project; delete one you no longer use first.`,
        );
      }
      refuseTakenName(VIEW_NAMES, saved, input.name);
      const [row] = await tx
        .insert(savedView)
        .values({
          id: crypto.randomUUID(),
          organizationId: context.organizationId,
          projectId: project.id,
          authorId: viewer.userId,
          name: input.name,
          shared: input.shared,
          search: input.search,
          ...madeAt(clock.now()),
        })
        .returning();
      if (!row) throw new Error('saved view insert returned nothing');
      return toSavedView(row, author?.name ?? '', viewer);
    }),
  );
}

export async function updateSavedView(
  { db, clock }: DomainServices,
  context: ViewerContext,
  viewId: string,
  input: UpdateSavedView,
): Promise<SavedView> {
  const viewer = await viewerOf(db, context);
  const { version, ...changes } = input;
  return withNameGuard(VIEW_NAMES, changes.name, () =>
    db.transaction(async (tx) => {
      const current = await findSavedView(tx, viewer, viewId, { forEdit: true, lock: true });
      if (current.view.version !== version) throw versionConflict('saved view', current.view.version);
      if (changes.name !== undefined) {
        const named = await viewsOfAuthor(tx, current.view.projectId, current.view.authorId);
        refuseTakenName(VIEW_NAMES, named, changes.name, current.view.id);
      }
      const [row] = await tx
        .update(savedView)
        .set({ ...changes, version: current.view.version + 1, updatedAt: clock.now() })
        .where(eq(savedView.id, current.view.id))
        .returning();
      if (!row) throw new Error('saved view update returned nothing');
      return toSavedView(row, current.authorName, viewer);
    }),
  );
}

export async function deleteSavedView(
  db: Database,
  context: ViewerContext,
  viewId: string,
  options: { version?: number },
): Promise<SavedViewDeletion> {
  const viewer = await viewerOf(db, context);
  return db.transaction(async (tx) => {
    const current = await findSavedView(tx, viewer, viewId, { forEdit: true, lock: true });
    if (options.version !== undefined && options.version !== current.view.version) {
      throw versionConflict('saved view', current.view.version);
    }
    await tx.delete(savedView).where(eq(savedView.id, current.view.id));
    return { deleted: { id: current.view.id, name: current.view.name } };
  });
}

import type { ListTasksQuery, TaskPage } from '@switchboard/api-client/contract';
import type { Database } from '../db/client';
import { latestPosition } from '../domain/activity';
import type { ActingContext } from '../domain/actor';
import { AppError } from '../domain/errors';
import { ME, personOf } from '../domain/people/assignees';
import type { DomainServices } from '../domain/services';
import { listTasks } from '../domain/tasks/views';
import { type CachedAnswer, ResponseCache } from './response-cache';

/** Enough for a few hundred boards of a thousand tasks; beyond it the least recently read go first. */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The same filters in any order make the same key. */
function keyOf(context: ActingContext, projectId: string, query: ListTasksQuery): string {
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${context.organizationId}\u0000${projectId}\u0000${JSON.stringify(filters)}`;
}

/** The query with `assigneeUserId=me` replaced by the caller's own user id. */
async function withCallerResolved(
  db: Database,
  context: ActingContext & { apiKeyId?: string },
  query: ListTasksQuery,
): Promise<ListTasksQuery> {
  if (query.assigneeUserId !== ME) return query;
  const person = await personOf(db, context);
  if (!person) {
    const message = 'me means the person asking, and this caller acts for no person';
    throw new AppError('VALIDATION_FAILED', `assigneeUserId: ${message}.`, [
      { code: 'custom', path: ['assigneeUserId'], message },
    ]);
  }
  return { ...query, assigneeUserId: person };
}

/** The moment the first claim on the page runs out: from then on the page shows it as no claim. */
function firstClaimExpiry(page: TaskPage): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const item of page.items) {
    if (item.claim) earliest = Math.min(earliest, Date.parse(item.claim.expiresAt));
  }
  return earliest;
}

/**
 * A project's task list as JSON text, read once per change of the organization and then served from
 * memory: a board refetched by every open tab and agent after each event costs one small query
 * instead of reading and serialising every task again.
 *
 * The position is read before the tasks, so a stored page reflects at least that position; a write
 * that commits in between only makes the page fresher than its key. A page that names claims is kept
 * no longer than its first lease lasts. A hit skips the project lookup safely: the key holds the
 * organization, and deleting or moving a project is a write that moves the position.
 */
export function taskListAnswers(
  { db, clock }: DomainServices,
  cache = new ResponseCache(DEFAULT_CACHE_BYTES),
) {
  return async function answer(
    context: ActingContext & { apiKeyId?: string },
    projectId: string,
    query: ListTasksQuery,
  ): Promise<CachedAnswer> {
    // "me" is resolved first: two people asking for their own tasks must never share an answer.
    const resolved = await withCallerResolved(db, context, query);
    const key = keyOf(context, projectId, resolved);
    const position = await latestPosition(db, context.organizationId);
    const now = clock.now();
    const cached = cache.get(key, position, now.getTime());
    if (cached) return cached;
    const page = await listTasks(db, context, projectId, resolved, now);
    return cache.set(key, JSON.stringify(page), position, firstClaimExpiry(page));
  };
}

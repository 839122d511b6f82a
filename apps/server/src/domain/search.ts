import type { SearchQuery, SearchResult } from '@switchboard/api-client/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { agentProfile, member, project, task, user, workUnit } from '../db/schema';
import type { ActingContext } from './actor';
import { containsPattern } from './ordering';
import { type NumberedReference, parseTaskKey, parseWorkUnitKey } from './references';

/** The term as a LIKE pattern matching names that start with it (containsPattern less its leading %). */
function prefixPattern(term: string): string {
  return containsPattern(term).slice(1);
}

/** Every word must appear somewhere in one of the columns, so "login page" finds "Page for login". */
function allWordsIn(words: readonly string[], columns: readonly AnyPgColumn[]): SQL | undefined {
  return and(...words.map((word) => or(...columns.map((column) => ilike(column, containsPattern(word))))));
}

/** Exact name first, then names starting with the term, then any other match; ties alphabetical. */
function closeness(column: AnyPgColumn, term: string): SQL {
  return sql`case when lower(${column}) = lower(${term}) then 0 when ${column} ilike ${prefixPattern(term)} then 1 else 2 end`;
}

/**
 * Projects, tasks, work units, members and agent profiles of the caller's organization matching the
 * query, at most `limit` of each kind. A task's or work unit's key is an exact lookup of that one thing.
 * Everything is filtered by the organization in SQL, so nothing of another organization can surface.
 */
export async function search(
  db: Database,
  context: ActingContext,
  query: SearchQuery,
): Promise<SearchResult[]> {
  const term = query.q.trim();
  const organizationId = context.organizationId;

  // SWB-WU-3 (a work unit) or SWB-12 (a task), in any case: looked up exactly, not searched for.
  const workUnitKey = parseWorkUnitKey(term);
  if (workUnitKey) return findReferenced(db, organizationId, 'workUnit', workUnitKey);
  const taskKey = parseTaskKey(term);
  if (taskKey) return findReferenced(db, organizationId, 'task', taskKey);

  const words = term.split(/\s+/).filter(Boolean);
  const inOrganization = eq(project.organizationId, organizationId);

  const projects = await db
    .select({ id: project.id, key: project.key, name: project.name })
    .from(project)
    .where(and(inOrganization, allWordsIn(words, [project.name, project.key])))
    .orderBy(closeness(project.name, term), asc(project.name))
    .limit(query.limit);

  const matching = { words, term, limit: query.limit };
  // Ties: the task changed last first; work units alphabetically, as the other kinds.
  const tasks = await searchNumbered(db, organizationId, numberedTasks, matching, desc(task.updatedAt));
  const workUnits = await searchNumbered(
    db,
    organizationId,
    numberedWorkUnits,
    matching,
    asc(workUnit.title),
  );

  const people = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), allWordsIn(words, [user.name, user.email])))
    .orderBy(closeness(user.name, term), asc(user.name))
    .limit(query.limit);

  const agents = await db
    .select({ id: agentProfile.id, name: agentProfile.name, description: agentProfile.description })
    .from(agentProfile)
    .where(
      and(
        eq(agentProfile.organizationId, organizationId),
        allWordsIn(words, [agentProfile.name, agentProfile.description]),
      ),
    )
    .orderBy(closeness(agentProfile.name, term), asc(agentProfile.name))
    .limit(query.limit);

  return [
    ...projects.map((row) => ({ kind: 'project' as const, ...row })),
    ...tasks.map((row) => numberedResult('task', row)),
    ...workUnits.map((row) => numberedResult('workUnit', row)),
    ...people.map((row) => ({ kind: 'person' as const, ...row })),
    ...agents.map((row) => ({ kind: 'agent' as const, ...row })),
  ];
}

type TextColumn = AnyPgColumn<{ data: string; notNull: true }>;

/** A table of things numbered within their project, with the column holding each one's key (a work unit's `slug`). */
interface NumberedTable {
  table: PgTable;
  id: TextColumn;
  reference: TextColumn;
  title: TextColumn;
  projectId: TextColumn;
  number: AnyPgColumn;
}

/**
 * The organization's tasks or work units meeting `condition`, as a lookup or a search answers them:
 * `reference` is each one's key or slug.
 */
function selectNumbered(
  db: Database,
  organizationId: string,
  numbered: NumberedTable,
  condition: SQL | undefined,
) {
  return db
    .select({
      id: numbered.id,
      reference: numbered.reference,
      title: numbered.title,
      projectId: numbered.projectId,
    })
    .from(numbered.table)
    .innerJoin(project, eq(project.id, numbered.projectId))
    .where(and(eq(project.organizationId, organizationId), condition));
}

/**
 * The one task or work unit of the organization with this project key and number, which the
 * (organization, key) and (project, number) indexes answer.
 */
function findNumbered(
  db: Database,
  organizationId: string,
  { projectKey, number }: NumberedReference,
  numbered: NumberedTable,
) {
  return selectNumbered(
    db,
    organizationId,
    numbered,
    and(eq(project.key, projectKey), eq(numbered.number, number)),
  ).limit(1);
}

/** The organization's tasks or work units whose title or key (slug) holds every word, closest title first. */
function searchNumbered(
  db: Database,
  organizationId: string,
  numbered: NumberedTable,
  { words, term, limit }: { words: readonly string[]; term: string; limit: number },
  tieBreak: SQL,
) {
  return selectNumbered(db, organizationId, numbered, allWordsIn(words, [numbered.title, numbered.reference]))
    .orderBy(closeness(numbered.title, term), tieBreak)
    .limit(limit);
}

/** The columns a lookup reads from a numbered table; `reference` is its key or slug column. */
function numberedColumns(table: typeof task | typeof workUnit, reference: TextColumn): NumberedTable {
  return {
    table,
    id: table.id,
    reference,
    title: table.title,
    projectId: table.projectId,
    number: table.number,
  };
}

const numberedTasks = numberedColumns(task, task.key);
const numberedWorkUnits = numberedColumns(workUnit, workUnit.slug);

/** The task or work unit a key names, answered with its key under the name its answer uses (`key`, `slug`). */
async function findReferenced(
  db: Database,
  organizationId: string,
  kind: 'task' | 'workUnit',
  parts: NumberedReference,
): Promise<SearchResult[]> {
  const rows = await findNumbered(
    db,
    organizationId,
    parts,
    kind === 'task' ? numberedTasks : numberedWorkUnits,
  );
  return rows.map((row) => numberedResult(kind, row));
}

/** A found task or work unit, its key or slug under that name. */
function numberedResult(
  kind: 'task' | 'workUnit',
  { id, reference, title, projectId }: { id: string; reference: string; title: string; projectId: string },
): SearchResult {
  return kind === 'task'
    ? { kind, id, key: reference, title, projectId }
    : { kind, id, slug: reference, title, projectId };
}

import type { TaskStatus } from '@switchboard/api-client/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';

type Executor = Database | Transaction;

/** A project as agents name it: by id or by key. */
export interface ProjectRef {
  id: string;
  key: string;
  name: string;
}

/** The project if it belongs to the caller's organization; otherwise PROJECT_NOT_FOUND (never a 403). */
export async function findProject(db: Executor, context: ActingContext, projectId: string) {
  const [row] = await db
    .select()
    .from(project)
    .where(and(eq(project.id, projectId), eq(project.organizationId, context.organizationId)))
    .limit(1);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return row;
}

const PROJECT_KEY = /^[a-z]{2,6}$/i;

/** A project of the caller's organization by id or key (SWB, any case); else PROJECT_NOT_FOUND. */
export async function findProjectRef(
  db: Executor,
  context: ActingContext,
  reference: string,
): Promise<ProjectRef> {
  const which = PROJECT_KEY.test(reference)
    ? sql`(${project.id} = ${reference} or ${project.key} = ${reference.toUpperCase()})`
    : eq(project.id, reference);
  const [row] = await db
    .select({ id: project.id, key: project.key, name: project.name })
    .from(project)
    .where(and(which, eq(project.organizationId, context.organizationId)))
    .limit(1);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', `There is no project ${reference} in this organization.`);
  return row;
}

/** The projects of an organization, by name (for tool descriptions and the default project). */
export async function projectsOf(db: Database, organizationId: string): Promise<ProjectRef[]> {
  return db
    .select({ id: project.id, key: project.key, name: project.name })
    .from(project)
    .where(eq(project.organizationId, organizationId))
    .orderBy(asc(project.name));
}

/** A project's statuses in board order; the caller has already found the project in its organization. */
export async function statusesOf(db: Executor, projectId: string): Promise<TaskStatus[]> {
  return db
    .select()
    .from(taskStatus)
    .where(eq(taskStatus.projectId, projectId))
    .orderBy(asc(taskStatus.position));
}

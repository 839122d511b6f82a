import type { TaskStatus } from '@switchboard/api-client/contract';
import type { Database } from '../db/client';
import { agentNamesOf } from '../domain/agents/profiles';
import { AppError } from '../domain/errors';
import { type ProjectRef, projectsOf, statusesOf } from '../domain/projects/lookup';

/** A status of the project named by id or name (case-insensitive): what agents say ("In Progress"). */
export function findStatusRef(statuses: readonly TaskStatus[], reference: string): TaskStatus {
  const wanted = reference.trim().toLowerCase();
  const found =
    statuses.find((status) => status.id === reference) ??
    statuses.find((status) => status.name.toLowerCase() === wanted) ??
    statuses.find(
      (status) => status.name.toLowerCase().replace(/[\s_-]+/g, '') === wanted.replace(/[\s_-]+/g, ''),
    );
  if (!found) {
    throw new AppError(
      'STATUS_NOT_FOUND',
      `"${reference}" is not a status of this project; use one of: ${statuses.map((status) => status.name).join(', ')}.`,
    );
  }
  return found;
}

/** What the tool descriptions of one session tell the model, read once when the session starts. */
export interface SessionFacts {
  agents: string[];
  project: (ProjectRef & { statuses: TaskStatus[] }) | null;
  /** The organization's projects when the session is not bound to one (first few). */
  projects: ProjectRef[];
}

/**
 * The facts of a session. Without a project, a session of an organization with exactly one project
 * works in that one (when `adoptOnlyProject`, i.e. at initialize; a revived session keeps what it had).
 */
export async function loadSessionFacts(
  db: Database,
  organizationId: string,
  projectId: string | null,
  options: { adoptOnlyProject: boolean },
): Promise<SessionFacts> {
  const [agents, projects] = await Promise.all([
    agentNamesOf(db, organizationId),
    projectsOf(db, organizationId),
  ]);
  const bound =
    projects.find((candidate) => candidate.id === projectId) ??
    (projectId === null && options.adoptOnlyProject && projects.length === 1 ? (projects[0] ?? null) : null);
  return {
    agents,
    project: bound ? { ...bound, statuses: await statusesOf(db, bound.id) } : null,
    projects: bound ? [] : projects.slice(0, 20),
  };
}

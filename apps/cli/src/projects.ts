import type { TypedApi } from '@switchboard/api-client';
import type { ProjectWithCounts, TaskStatus } from '@switchboard/api-client/contract';
import { NotFoundError } from './exit-codes';
import type { ProjectRef } from './repository';

export async function listProjects(api: TypedApi): Promise<ProjectWithCounts[]> {
  return (await api.projects.list()).items;
}

/** A project by id or key (any case), in the caller's active organization. */
export function findProject(
  projects: readonly ProjectWithCounts[],
  ref: string,
): ProjectWithCounts | undefined {
  const wanted = ref.trim();
  return (
    projects.find((project) => project.id === wanted) ??
    projects.find((project) => project.key === wanted.toUpperCase())
  );
}

/** The project a command works on (ProjectRef), or exit 4 with what to do about it. */
export async function resolveProject(api: TypedApi, ref: ProjectRef): Promise<ProjectWithCounts> {
  const projects = await listProjects(api);
  const found = findProject(projects, ref.ref);
  if (found) return found;
  if (ref.link) {
    throw new NotFoundError(
      `This repository is linked to ${ref.link.projectKey} (${ref.link.projectName}), which is not in your active organization: switch with \`switchboard org use\`, or link another project with \`switchboard project use\`.`,
    );
  }
  const keys = projects.map((project) => project.key).join(', ');
  throw new NotFoundError(
    `No project ${ref.ref} in your active organization.${keys ? ` Its projects: ${keys}.` : ' It has no projects yet.'}`,
  );
}

export async function listStatuses(api: TypedApi, projectId: string): Promise<TaskStatus[]> {
  const { items } = await api.projects.statuses({ projectId });
  return [...items].sort((a, b) => a.position - b.position);
}

const CATEGORY_ALIASES: Record<string, TaskStatus['category']> = {
  todo: 'todo',
  'to-do': 'todo',
  in_progress: 'in_progress',
  'in-progress': 'in_progress',
  inprogress: 'in_progress',
  doing: 'in_progress',
  review: 'review',
  done: 'done',
};

/**
 * A status named the way people type it: its id, its name in any case ("in progress"), or its
 * category ("in-progress", "done") when exactly one status has it.
 */
export function findStatus(statuses: readonly TaskStatus[], wanted: string): TaskStatus | undefined {
  const text = wanted.trim();
  const lower = text.toLowerCase();
  const byId = statuses.find((status) => status.id === text);
  if (byId) return byId;
  const byName = statuses.find((status) => status.name.toLowerCase() === lower);
  if (byName) return byName;
  const squashed = lower.replace(/[\s_-]+/g, ' ');
  const byLooseName = statuses.find(
    (status) => status.name.toLowerCase().replace(/[\s_-]+/g, ' ') === squashed,
  );
  if (byLooseName) return byLooseName;
  const category = CATEGORY_ALIASES[lower.replace(/\s+/g, '-')];
  const inCategory = statuses.filter((status) => status.category === category);
  return inCategory.length === 1 ? inCategory[0] : undefined;
}

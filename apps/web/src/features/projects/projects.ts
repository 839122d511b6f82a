import type { TypedApi } from '@switchboard/api-client';
import type { CreateProject, RealtimeEvent, UpdateProject } from '@switchboard/api-client/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';
import { markProjectDeleted } from './deleted-elsewhere';

/** Every project query sits under `projects`, so one invalidation refreshes them all. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  statuses: (projectId: string) => ['projects', 'statuses', projectId] as const,
};

export function applyProjectChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'project.created':
    case 'project.updated':
      // Project events carry no project body: read the lists again (only what is on screen refetches).
      void queryClient.invalidateQueries({
        queryKey: projectKeys.all,
        predicate: (query) => query.queryKey[1] !== 'statuses',
      });
      break;
    case 'project.deleted':
      // An open page of the project is told (and says who deleted it) instead of reading a project,
      // board and plans that are no longer there; only the list of projects is read again.
      markProjectDeleted(queryClient, event.entityId, event.actor.name);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      break;
    case 'task_status.created':
    case 'task_status.updated':
    case 'task_status.deleted':
      // Moving one status renumbers the others, so the board's columns are read again whole.
      if (event.projectId)
        void queryClient.invalidateQueries({ queryKey: projectKeys.statuses(event.projectId) });
      break;
  }
}

export async function fetchProjects(api: TypedApi) {
  return (await api.projects.list()).items;
}

/** The organization's projects with their counts, by name. */
export const projectListQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: () => fetchProjects(api),
    retry: retryUnlessClientError,
  });

export function fetchProject(api: TypedApi, projectId: string) {
  return api.projects.get({ projectId });
}

/** One project with what it holds; another organization's id is a 404. */
export const projectQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(api, projectId),
    retry: retryUnlessClientError,
  });

export async function fetchStatuses(api: TypedApi, projectId: string) {
  const { items } = await api.projects.statuses({ projectId });
  return [...items].sort((a, b) => a.position - b.position);
}

/** The board's columns, in order. */
export const statusesQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.statuses(projectId),
    queryFn: () => fetchStatuses(api, projectId),
    retry: retryUnlessClientError,
    // Statuses change only with the project itself.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function createProject(api: TypedApi, input: CreateProject) {
  return api.projects.create({ body: input });
}

export function updateProject(api: TypedApi, projectId: string, input: UpdateProject) {
  return api.projects.update({ projectId, body: input });
}

/** Without `confirm` the server answers 422 CONFIRMATION_REQUIRED with what would go (the contents). */
export function deleteProject(api: TypedApi, projectId: string) {
  return api.projects.delete({ projectId, query: { confirm: 'true' } });
}

/**
 * A key suggested from a project's name: the initials of several words, or the first letters of one,
 * 2–6 capitals (accents dropped), and not one of `taken`. Empty when the name has no letters.
 */
export function suggestProjectKey(name: string, taken: Iterable<string> = []): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .map((word) => word.replace(/[^A-Z]/g, ''))
    .filter(Boolean);
  const letters = words.join('');
  if (letters.length === 0) return '';
  const used = new Set(taken);
  const initials = words.length > 1 ? words.map((word) => word[0]).join('') : '';
  const candidates = [
    ...(initials.length >= 2 ? [initials.slice(0, 4)] : []),
    letters.slice(0, 3),
    ...(initials.length >= 2 ? [`${initials.slice(0, 4)}${letters.slice(-1)}`] : []),
    letters.slice(0, 4),
    letters.slice(0, 5),
    letters.slice(0, 6),
    // A one-letter name still needs two.
    letters.length === 1 ? letters.repeat(2) : '',
  ].filter((candidate) => candidate.length >= 2);
  const free = candidates.find((candidate) => !used.has(candidate));
  if (free) return free;
  // Every natural form is taken: vary the last letter through the alphabet.
  const stem = (candidates[0] ?? letters).slice(0, 3);
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (!used.has(stem + letter)) return stem + letter;
  }
  return stem;
}

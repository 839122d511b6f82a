import type { ApiClient } from '@switchboard/api-client';
import {
  type CreateProject,
  type Project,
  type ProjectWithCounts,
  projectSchema,
  projectWithCountsSchema,
  type TaskStatus,
  taskStatusSchema,
  type UpdateProject,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { retryUnlessClientError } from './api';

/** Every project query sits under `projects`, so one invalidation refreshes them all. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  statuses: (projectId: string) => ['projects', 'statuses', projectId] as const,
};

const projectListSchema = z.object({ items: z.array(projectWithCountsSchema) });

/** What a project holds: shown before deleting it, so nothing goes silently. */
export const projectContentsSchema = z.object({ tasks: z.number().int(), workUnits: z.number().int() });
export type ProjectContents = z.infer<typeof projectContentsSchema>;

const projectDetailSchema = projectSchema.extend({ contents: projectContentsSchema.optional() });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

const statusListSchema = z.object({ items: z.array(taskStatusSchema) });

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export async function fetchProjects(api: ApiClient): Promise<ProjectWithCounts[]> {
  return (await api.get('/projects', { schema: projectListSchema })).items;
}

/** The organisation's projects with their counts, by name. */
export const projectListQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: () => fetchProjects(api),
    retry: retryUnlessClientError,
  });

export function fetchProject(api: ApiClient, projectId: string): Promise<ProjectDetail> {
  return api.get(projectPath(projectId), { schema: projectDetailSchema });
}

/** One project with what it holds; another organisation's id is a 404. */
export const projectQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(api, projectId),
    retry: retryUnlessClientError,
  });

export async function fetchStatuses(api: ApiClient, projectId: string): Promise<TaskStatus[]> {
  const { items } = await api.get(`${projectPath(projectId)}/statuses`, { schema: statusListSchema });
  return [...items].sort((a, b) => a.position - b.position);
}

/** The board's columns, in order. */
export const statusesQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.statuses(projectId),
    queryFn: () => fetchStatuses(api, projectId),
    retry: retryUnlessClientError,
    // Statuses change only with the project itself.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function createProject(api: ApiClient, input: CreateProject): Promise<Project> {
  return api.post('/projects', { body: input, schema: projectSchema });
}

export function updateProject(api: ApiClient, projectId: string, input: UpdateProject): Promise<Project> {
  return api.patch(projectPath(projectId), { body: input, schema: projectSchema });
}

/** Without `confirm` the server answers 422 CONFIRMATION_REQUIRED with what would go (the contents). */
export function deleteProject(api: ApiClient, projectId: string): Promise<unknown> {
  return api.delete(projectPath(projectId), { query: { confirm: 'true' } });
}

/** Deleting a project follows the role table (spec §6): whoever may update the organisation. */
export function canDeleteProjects(role: string | null | undefined): boolean {
  return role ? roleAllows(role, { organization: ['update'] }) : false;
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

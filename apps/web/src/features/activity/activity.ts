import type { EndpointOutput, Endpoints, TypedApi } from '@switchboard/api-client';
import type { Activity, RealtimeEvent } from '@switchboard/api-client/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/** Which part of the log a feed shows: the organization's, a project's, or one entity's (a task). */
export interface ActivityFilter {
  projectId?: string;
  entityId?: string;
}

export const ACTIVITY_PAGE_SIZE = 30;

/** Feeds sit under `activity`; the filter is part of the key, null for "any". */
export const activityKeys = {
  all: ['activity'] as const,
  feed: (filter: ActivityFilter) => ['activity', filter.projectId ?? null, filter.entityId ?? null] as const,
};

export type ActivityPage = EndpointOutput<Endpoints['activity']['list']>;

export function fetchActivity(
  api: TypedApi,
  filter: ActivityFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return api.activity.list({
    query: { projectId: filter.projectId, entityId: filter.entityId, cursor, limit: ACTIVITY_PAGE_SIZE },
    signal,
  });
}

/** The log, newest first, a page at a time ("Show older" follows nextCursor). */
export const activityQueryOptions = (api: TypedApi, filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: activityKeys.feed(filter),
    queryFn: ({ pageParam, signal }) => fetchActivity(api, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** Whether an event belongs in a feed with this key (`['activity', projectId|null, entityId|null]`). */
export function feedIncludes(queryKey: readonly unknown[], event: Activity): boolean {
  const [, projectId, entityId] = queryKey;
  if (projectId !== null && projectId !== undefined && projectId !== event.projectId) return false;
  if (entityId !== null && entityId !== undefined && entityId !== event.entityId) return false;
  return true;
}

/** The feed with a new entry on top, unless it is there already (a replayed event). */
export function prependActivity(
  data: InfiniteData<ActivityPage, string | undefined>,
  event: Activity,
): InfiniteData<ActivityPage, string | undefined> {
  if (data.pages.some((page) => page.items.some((item) => item.id === event.id))) return data;
  const [first, ...rest] = data.pages;
  const items = [event, ...(first?.items ?? [])].sort((a, b) => Number(b.id) - Number(a.id));
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** Where an entry leads: a task's page when the change was to a task (its chat, or a question about it). */
export function activityLink(entry: Activity): { projectId: string; taskKey: string } | undefined {
  if (!entry.projectId) return undefined;
  if (entry.entity === 'task' && entry.action !== 'task.deleted') {
    return { projectId: entry.projectId, taskKey: entry.data.task.key };
  }
  if (entry.entity === 'comment') return { projectId: entry.projectId, taskKey: entry.data.taskKey };
  if (entry.entity === 'question')
    return { projectId: entry.projectId, taskKey: entry.data.question.taskKey };
  return undefined;
}

/**
 * The summary without the actor's name when it starts with it ('backend-dev claimed SWB-1'): the entry
 * already names the actor just before it.
 */
export function withoutActorName(entry: Pick<Activity, 'actor' | 'summary'>): string {
  const prefix = `${entry.actor.name} `;
  return entry.summary.startsWith(prefix) ? entry.summary.slice(prefix.length) : entry.summary;
}

/** A change enters, newest first, every open feed it belongs to. */
export function applyActivityChange(queryClient: QueryClient, event: RealtimeEvent): void {
  queryClient.setQueriesData<InfiniteData<ActivityPage, string | undefined>>(
    { queryKey: activityKeys.all, predicate: (query) => feedIncludes(query.queryKey, event) },
    (data) => (data ? prependActivity(data, event) : data),
  );
}

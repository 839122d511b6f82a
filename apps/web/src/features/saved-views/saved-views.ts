import type { TypedApi } from '@switchboard/api-client';
import type { CreateSavedView, SavedView, UpdateSavedView } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';
import type { BoardSearch } from '../tasks/tasks-filters';

export const savedViewKeys = {
  all: ['saved-views'] as const,
  project: (projectId: string) => ['saved-views', projectId] as const,
};

/** The caller's own views of a project and the shared ones, by name: the list's Views menu. */
export const savedViewsQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: savedViewKeys.project(projectId),
    queryFn: async ({ signal }) => (await api.savedViews.list({ projectId, signal })).items,
    retry: retryUnlessClientError,
  });

export function createSavedView(api: TypedApi, projectId: string, body: CreateSavedView): Promise<SavedView> {
  return api.savedViews.create({ projectId, body });
}

export function updateSavedView(api: TypedApi, viewId: string, body: UpdateSavedView): Promise<SavedView> {
  return api.savedViews.update({ viewId, body });
}

export function deleteSavedView(api: TypedApi, view: Pick<SavedView, 'id' | 'version'>) {
  return api.savedViews.delete({ viewId: view.id, query: { version: view.version } });
}

/**
 * What a view keeps of the page's URL: its filters, tab, grouping and sort. Which view is open, which
 * plan the plan tab shows and which task the peek panel shows are not part of any view.
 */
export function viewSearchOf(search: BoardSearch): Record<string, string> {
  const { savedView: _open, plan: _plan, peek: _peek, ...kept } = search;
  return Object.fromEntries(
    Object.entries(kept).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Whether the page shows something else than the view it opened (a filter changed since). */
export function differsFromView(view: Pick<SavedView, 'search'>, search: BoardSearch): boolean {
  const current = viewSearchOf(search);
  const keys = new Set([...Object.keys(view.search), ...Object.keys(current)]);
  return [...keys].some((key) => view.search[key] !== current[key]);
}

import type { CreateSavedView, SavedView, UpdateSavedView } from '@switchboard/api-client/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import {
  createSavedView,
  deleteSavedView,
  savedViewKeys,
  savedViewsQueryOptions,
  updateSavedView,
} from './saved-views';

/** The project's views for the menu, loaded beside the list rather than before it. */
export function useSavedViews(projectId: string): SavedView[] {
  const api = useApi();
  return useQuery(savedViewsQueryOptions(api, projectId)).data ?? [];
}

/** Saves, changes and deletes views; each reads the menu again, since others' shared views may have moved. */
export function useSavedViewMutations(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.project(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateSavedView) => createSavedView(api, projectId, body),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ view, changes }: { view: SavedView; changes: Omit<UpdateSavedView, 'version'> }) =>
        updateSavedView(api, view.id, { ...changes, version: view.version }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (view: SavedView) => deleteSavedView(api, view),
      onSettled: refresh,
    }),
  };
}

import type { SavedView } from '@switchboard/api-client/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { describeError } from '../../lib/error-messages';
import { type BoardSearch, parseBoardSearch } from '../tasks/tasks-filters';
import type { ViewDraft } from './save-view-dialog';
import { differsFromView, viewSearchOf } from './saved-views';
import { useSavedViewMutations, useSavedViews } from './use-saved-views';

export type SavedViewDialog =
  | { kind: 'save' }
  | { kind: 'edit'; view: SavedView }
  | { kind: 'delete'; view: SavedView };

/**
 * What the saved views menu does: the views and the one open now (and whether the list has moved away
 * from it), which dialog is up, and opening, saving, updating and deleting a view with its toasts.
 */
export function useSavedViewActions(projectId: string, search: BoardSearch) {
  const views = useSavedViews(projectId);
  const { create, update, remove } = useSavedViewMutations(projectId);
  const navigate = useNavigate({ from: '/dashboard/projects/$projectId/' });
  const [dialog, setDialog] = useState<SavedViewDialog | null>(null);
  const current = views.find((view) => view.id === search.savedView);
  const changed = current ? differsFromView(current, search) : false;

  const show = (view: SavedView) =>
    void navigate({ search: { ...parseBoardSearch(view.search), savedView: view.id } });
  const closeDialog = () => setDialog(null);

  const saveNew = (draft: ViewDraft, failed: (error: unknown) => void) =>
    create.mutate(
      { ...draft, search: viewSearchOf(search) },
      {
        onSuccess: (saved) => {
          toast.success(`Saved view ${saved.name}`);
          closeDialog();
          show(saved);
        },
        onError: failed,
      },
    );
  const saveEdit = (view: SavedView) => (draft: ViewDraft, failed: (error: unknown) => void) =>
    update.mutate(
      { view, changes: draft },
      {
        onSuccess: (saved) => {
          toast.success(`Saved view ${saved.name}`);
          closeDialog();
        },
        onError: failed,
      },
    );
  const saveInto = (view: SavedView) =>
    update.mutate(
      { view, changes: { search: viewSearchOf(search) } },
      {
        onSuccess: (saved) => toast.success(`Updated view ${saved.name}`),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  const deleteView = (view: SavedView) =>
    remove.mutate(view, {
      onSuccess: () => {
        toast.success(`Deleted view ${view.name}`);
        closeDialog();
        void navigate({ search: (previous) => ({ ...previous, savedView: undefined }) });
      },
      onError: (error) => toast.error(describeError(error)),
    });

  return {
    views,
    current,
    changed,
    dialog,
    setDialog,
    closeDialog,
    show,
    saveNew,
    saveEdit,
    saveInto,
    deleteView,
    creating: create.isPending,
    updating: update.isPending,
    deleting: remove.isPending,
  };
}

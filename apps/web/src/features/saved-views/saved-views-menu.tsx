import type { SavedView } from '@switchboard/api-client/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Menu, MenuSeparator, menuItemClasses } from '../../components/ui/menu';
import { UserText } from '../../components/ui/user-text';
import { describeError } from '../../lib/error-messages';
import { type BoardSearch, parseBoardSearch } from '../tasks/tasks-filters';
import { SaveViewDialog, type ViewDraft } from './save-view-dialog';
import { differsFromView, viewSearchOf } from './saved-views';
import { useSavedViewMutations, useSavedViews } from './use-saved-views';

type Open = { kind: 'save' } | { kind: 'edit'; view: SavedView } | { kind: 'delete'; view: SavedView };

/**
 * The list's saved views: open one (the URL takes its filters and its id, so a copied link reopens it),
 * save the list as a new one, and for a view one may change, save the current list into it, rename or
 * share it, or delete it.
 */
export function SavedViewsMenu({ projectId, search }: { projectId: string; search: BoardSearch }) {
  const views = useSavedViews(projectId);
  const { create, update, remove } = useSavedViewMutations(projectId);
  const navigate = useNavigate({ from: '/dashboard/projects/$projectId/' });
  const [open, setOpen] = useState<Open | null>(null);
  const current = views.find((view) => view.id === search.savedView);
  const changed = current ? differsFromView(current, search) : false;

  const show = (view: SavedView) =>
    void navigate({ search: { ...parseBoardSearch(view.search), savedView: view.id } });
  const close = () => setOpen(null);

  const saveNew = (draft: ViewDraft, failed: (error: unknown) => void) =>
    create.mutate(
      { ...draft, search: viewSearchOf(search) },
      {
        onSuccess: (saved) => {
          toast.success(`Saved view ${saved.name}`);
          close();
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
          close();
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

  return (
    <>
      <Menu
        label="Saved views"
        triggerLabel={current ? `Saved view: ${current.name}${changed ? ' (changed)' : ''}` : 'Saved views'}
        triggerClassName="inline-flex h-8 max-w-64 items-center gap-1.5 rounded-control border border-border px-2.5 text-[13px] text-foreground hover:bg-subtle"
        panelClassName="w-72"
        trigger={
          <>
            <span className="truncate">{current ? <UserText>{current.name}</UserText> : 'Views'}</span>
            {changed ? <span className="text-[11px] text-muted-foreground">· changed</span> : null}
            <span aria-hidden="true" className="text-muted-foreground">
              ▾
            </span>
          </>
        }
      >
        {(closeMenu) => (
          <>
            {views.length === 0 ? (
              <p className="px-2 py-1.5 text-[13px] text-muted-foreground">
                No saved views yet. Arrange the list, then save it here.
              </p>
            ) : (
              <div className="max-h-72 overflow-y-auto">
                {views.map((view) => (
                  <button
                    key={view.id}
                    type="button"
                    role="menuitemradio"
                    aria-checked={view.id === current?.id}
                    tabIndex={-1}
                    onClick={() => {
                      closeMenu();
                      show(view);
                    }}
                    className={menuItemClasses}
                  >
                    <span className="min-w-0 flex-1 truncate">
                      <UserText>{view.name}</UserText>
                    </span>
                    {view.shared ? (
                      <span className="shrink-0 text-[11px] text-muted-foreground">
                        Shared · <UserText>{view.author.name}</UserText>
                      </span>
                    ) : null}
                  </button>
                ))}
              </div>
            )}
            <MenuSeparator />
            <MenuAction
              label="Save as new view…"
              onClick={() => {
                closeMenu(false);
                setOpen({ kind: 'save' });
              }}
            />
            {current?.canEdit ? (
              <>
                <MenuAction
                  label={`Update “${current.name}” to this list`}
                  disabled={!changed || update.isPending}
                  onClick={() => {
                    closeMenu();
                    saveInto(current);
                  }}
                />
                <MenuAction
                  label="Rename or share…"
                  onClick={() => {
                    closeMenu(false);
                    setOpen({ kind: 'edit', view: current });
                  }}
                />
                <MenuAction
                  label={`Delete “${current.name}”…`}
                  onClick={() => {
                    closeMenu(false);
                    setOpen({ kind: 'delete', view: current });
                  }}
                />
              </>
            ) : null}
          </>
        )}
      </Menu>
      {open?.kind === 'save' ? (
        <SaveViewDialog open onClose={close} pending={create.isPending} onSave={saveNew} />
      ) : null}
      {open?.kind === 'edit' ? (
        <SaveViewDialog
          open
          onClose={close}
          view={open.view}
          pending={update.isPending}
          onSave={saveEdit(open.view)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onClose={close}
          title={`Delete view “${open.view.name}”?`}
          description={
            open.view.shared
              ? 'It goes for everyone in the organization. The tasks stay as they are.'
              : 'The tasks stay as they are.'
          }
          confirmLabel="Delete view"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(open.view, {
              onSuccess: () => {
                toast.success(`Deleted view ${open.view.name}`);
                close();
                void navigate({ search: (previous) => ({ ...previous, savedView: undefined }) });
              },
              onError: (error) => toast.error(describeError(error)),
            })
          }
        />
      ) : null}
    </>
  );
}

function MenuAction({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={disabled}
      onClick={onClick}
      className={`${menuItemClasses} disabled:opacity-50`}
    >
      {label}
    </button>
  );
}

import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Menu, MenuSeparator, menuItemClasses } from '../../components/ui/menu';
import { UserText } from '../../components/ui/user-text';
import type { BoardSearch } from '../tasks/tasks-filters';
import { SaveViewDialog } from './save-view-dialog';
import { SavedViewList } from './saved-view-list';
import { useSavedViewActions } from './use-saved-view-actions';

/**
 * The list's saved views: open one (the URL takes its filters and its id, so a copied link reopens it),
 * save the list as a new one, and for a view one may change, save the current list into it, rename or
 * share it, or delete it.
 */
export function SavedViewsMenu({ projectId, search }: { projectId: string; search: BoardSearch }) {
  const actions = useSavedViewActions(projectId, search);
  const { current, changed, dialog, setDialog, closeDialog } = actions;

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
            <SavedViewList
              views={actions.views}
              currentId={current?.id}
              onShow={(view) => {
                closeMenu();
                actions.show(view);
              }}
            />
            <MenuSeparator />
            <MenuAction
              label="Save as new view…"
              onClick={() => {
                closeMenu(false);
                setDialog({ kind: 'save' });
              }}
            />
            {current?.canEdit ? (
              <>
                <MenuAction
                  label={`Update “${current.name}” to this list`}
                  disabled={!changed || actions.updating}
                  onClick={() => {
                    closeMenu();
                    actions.saveInto(current);
                  }}
                />
                <MenuAction
                  label="Rename or share…"
                  onClick={() => {
                    closeMenu(false);
                    setDialog({ kind: 'edit', view: current });
                  }}
                />
                <MenuAction
                  label={`Delete “${current.name}”…`}
                  onClick={() => {
                    closeMenu(false);
                    setDialog({ kind: 'delete', view: current });
                  }}
                />
              </>
            ) : null}
          </>
        )}
      </Menu>
      {dialog?.kind === 'save' ? (
        <SaveViewDialog open onClose={closeDialog} pending={actions.creating} onSave={actions.saveNew} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <SaveViewDialog
          open
          onClose={closeDialog}
          view={dialog.view}
          pending={actions.updating}
          onSave={actions.saveEdit(dialog.view)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onClose={closeDialog}
          title={`Delete view “${dialog.view.name}”?`}
          description={
            dialog.view.shared
              ? 'It goes for everyone in the organization. The tasks stay as they are.'
              : 'The tasks stay as they are.'
          }
          confirmLabel="Delete view"
          pending={actions.deleting}
          onConfirm={() => actions.deleteView(dialog.view)}
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

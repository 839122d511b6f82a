import type { SavedView } from '@switchboard/api-client/contract';
import { menuItemClasses } from '../../components/ui/menu';
import { UserText } from '../../components/ui/user-text';

/** The views in the menu, the open one checked and shared ones with their author; or that none exist. */
export function SavedViewList({
  views,
  currentId,
  onShow,
}: {
  views: readonly SavedView[];
  currentId: string | undefined;
  onShow: (view: SavedView) => void;
}) {
  if (views.length === 0)
    return (
      <p className="px-2 py-1.5 text-[13px] text-muted-foreground">
        No saved views yet. Arrange the list, then save it here.
      </p>
    );
  return (
    <div className="max-h-72 overflow-y-auto">
      {views.map((view) => (
        <button
          key={view.id}
          type="button"
          role="menuitemradio"
          aria-checked={view.id === currentId}
          tabIndex={-1}
          onClick={() => onShow(view)}
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
  );
}

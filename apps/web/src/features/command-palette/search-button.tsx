import { SearchIcon } from '../tasks/icons';
import { Keys } from './palette-item';
import { commandPalette } from './palette-store';

/** The header's way into the command palette, for the mouse, and a reminder of its shortcut. */
export function SearchButton() {
  return (
    <button
      type="button"
      onClick={() => commandPalette.open()}
      aria-keyshortcuts="Control+K Meta+K /"
      className="flex h-8 w-full max-w-64 items-center gap-2 rounded-control border border-border bg-surface px-2.5 text-[13px] text-muted-foreground transition-colors hover:text-foreground"
    >
      <SearchIcon className="size-3.5 shrink-0" />
      <span className="flex-1 text-left">Search…</span>
      <Keys keys="Ctrl K" />
    </button>
  );
}

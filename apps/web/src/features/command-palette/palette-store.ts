/**
 * Whether the command palette is open, and on which page: shortcuts ("s", "a", "l") open it straight at
 * a nested page, Ctrl/Cmd+K and "/" at its start. One palette for the whole dashboard, so one store.
 */

export type PalettePage = 'root' | 'move' | 'assign' | 'label' | 'organization' | 'create-in-project';

export interface PaletteState {
  open: boolean;
  /** The pages opened so far, the current one last; Backspace in an empty search goes back one. */
  pages: readonly PalettePage[];
}

type Listener = () => void;

const CLOSED: PaletteState = { open: false, pages: ['root'] };

class PaletteStore {
  private state: PaletteState = CLOSED;
  private listeners = new Set<Listener>();

  read = (): PaletteState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private write(next: PaletteState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Opens at the start, or straight at `page` (then Backspace still leads back to the start). */
  open(page: PalettePage = 'root') {
    this.write({ open: true, pages: page === 'root' ? ['root'] : ['root', page] });
  }

  close() {
    if (this.state.open) this.write(CLOSED);
  }

  /** Ctrl/Cmd+K opens a closed palette and closes an open one, as in Linear and GitHub. */
  toggle() {
    if (this.state.open) this.close();
    else this.open();
  }

  push(page: PalettePage) {
    this.write({ open: true, pages: [...this.state.pages, page] });
  }

  /** One page back; false when already at the start. */
  back(): boolean {
    if (this.state.pages.length <= 1) return false;
    this.write({ ...this.state, pages: this.state.pages.slice(0, -1) });
    return true;
  }
}

export const commandPalette = new PaletteStore();

/** The page shown: the last one opened. */
export function currentPage(state: PaletteState): PalettePage {
  return state.pages[state.pages.length - 1] ?? 'root';
}

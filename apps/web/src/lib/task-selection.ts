/**
 * Which tasks the person is acting on: the tasks selected on the board or in the list (x, click,
 * shift-click), and the task whose page is open. Shortcuts, the command palette and the bulk action bar
 * read it, so "s" moves the selected tasks on the board and the open task on its page alike.
 */

type Listener = () => void;

export interface TaskSelectionState {
  /** Selected task ids, in the order they were selected. */
  selected: readonly string[];
  /** The task the keyboard cursor (j/k) rests on, selected or not. */
  cursor: string | null;
  /** The task whose page is open, if any. */
  current: { id: string; projectId: string } | null;
}

const EMPTY: TaskSelectionState = { selected: [], cursor: null, current: null };

class TaskSelectionStore {
  private state: TaskSelectionState = EMPTY;
  private listeners = new Set<Listener>();

  read = (): TaskSelectionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private write(next: Partial<TaskSelectionState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  select(ids: readonly string[]) {
    this.write({ selected: [...new Set(ids)] });
  }

  toggle(id: string) {
    const selected = this.state.selected.includes(id)
      ? this.state.selected.filter((selectedId) => selectedId !== id)
      : [...this.state.selected, id];
    this.write({ selected });
  }

  /** Shift-click: selects every task between the cursor and `id` in `order` (the visible order). */
  extendTo(id: string, order: readonly string[]) {
    const from = this.state.cursor ? order.indexOf(this.state.cursor) : -1;
    const to = order.indexOf(id);
    if (from === -1 || to === -1) {
      this.toggle(id);
      this.write({ cursor: id });
      return;
    }
    const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    this.write({ selected: [...new Set([...this.state.selected, ...range])], cursor: id });
  }

  clear() {
    if (this.state.selected.length === 0 && this.state.cursor === null) return;
    this.write({ selected: [], cursor: null });
  }

  setCursor(id: string | null) {
    this.write({ cursor: id });
  }

  setCurrent(current: TaskSelectionState['current']) {
    this.write({ current });
  }

  /** What an action applies to: the selection when there is one, else the cursor's task, else the open task. */
  targets(): string[] {
    if (this.state.selected.length > 0) return [...this.state.selected];
    if (this.state.cursor) return [this.state.cursor];
    return this.state.current ? [this.state.current.id] : [];
  }
}

export const taskSelection = new TaskSelectionStore();

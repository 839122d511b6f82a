/**
 * Moving a card with the keyboard (so the board works without a pointer): focus a card,
 * Space picks it up, arrows move it (up/down within a column, left/right across columns), Space or
 * Enter drops it, Escape puts it back. Pure: the board keeps the state and performs the drop.
 */

export interface BoardColumnLayout {
  statusId: string;
  name: string;
  /** The cards shown in the column, top to bottom. */
  taskIds: readonly string[];
}

export type KeyboardMoveState =
  | { mode: 'idle' }
  | {
      mode: 'lifted';
      taskId: string;
      from: { column: number; index: number };
      /** Where it would land: a column, and an index among that column's *other* cards. */
      to: { column: number; index: number };
    };

export type KeyboardMoveAction =
  | { type: 'lift'; taskId: string }
  | { type: 'move'; direction: 'up' | 'down' | 'left' | 'right' }
  | { type: 'drop' }
  | { type: 'cancel' };

export interface KeyboardDrop {
  taskId: string;
  statusId: string;
  /** Index among the target column's other cards. */
  index: number;
}

export interface KeyboardMoveResult {
  state: KeyboardMoveState;
  /** What a screen reader hears (an aria-live region). */
  announcement?: string;
  /** Set when a drop changed the card's place: the board moves it there. */
  drop?: KeyboardDrop;
}

export const IDLE: KeyboardMoveState = { mode: 'idle' };

function locate(
  layout: readonly BoardColumnLayout[],
  taskId: string,
): { column: number; index: number } | undefined {
  for (let column = 0; column < layout.length; column++) {
    const index = layout[column]?.taskIds.indexOf(taskId) ?? -1;
    if (index !== -1) return { column, index };
  }
  return undefined;
}

/** How many cards other than the moving one a column holds. */
function othersIn(layout: readonly BoardColumnLayout[], column: number, taskId: string): number {
  const ids = layout[column]?.taskIds ?? [];
  return ids.filter((id) => id !== taskId).length;
}

function where(layout: readonly BoardColumnLayout[], to: { column: number; index: number }, taskId: string) {
  const name = layout[to.column]?.name ?? 'the column';
  return `${name}, position ${to.index + 1} of ${othersIn(layout, to.column, taskId) + 1}`;
}

/**
 * The next state for an action. `label` names a card for announcements (its key, e.g. SWB-3).
 * Actions that make no sense in the current state change nothing.
 */
export function reduceKeyboardMove(
  state: KeyboardMoveState,
  action: KeyboardMoveAction,
  layout: readonly BoardColumnLayout[],
  label: (taskId: string) => string = (taskId) => taskId,
): KeyboardMoveResult {
  if (action.type === 'lift') {
    const at = locate(layout, action.taskId);
    if (!at) return { state };
    const next: KeyboardMoveState = { mode: 'lifted', taskId: action.taskId, from: at, to: at };
    return {
      state: next,
      announcement: `Picked up ${label(action.taskId)} in ${where(layout, at, action.taskId)}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
    };
  }
  if (state.mode !== 'lifted') return { state };

  if (action.type === 'cancel') {
    return {
      state: IDLE,
      announcement: `Move cancelled. ${label(state.taskId)} is back in ${where(layout, state.from, state.taskId)}.`,
    };
  }

  if (action.type === 'drop') {
    const unchanged = state.to.column === state.from.column && state.to.index === state.from.index;
    const statusId = layout[state.to.column]?.statusId;
    if (unchanged || !statusId) {
      return { state: IDLE, announcement: `${label(state.taskId)} dropped where it was.` };
    }
    return {
      state: IDLE,
      announcement: `Dropped ${label(state.taskId)} in ${where(layout, state.to, state.taskId)}.`,
      drop: { taskId: state.taskId, statusId, index: state.to.index },
    };
  }

  const { column, index } = state.to;
  let to = state.to;
  switch (action.direction) {
    case 'up':
      to = { column, index: Math.max(0, index - 1) };
      break;
    case 'down':
      to = { column, index: Math.min(othersIn(layout, column, state.taskId), index + 1) };
      break;
    case 'left':
    case 'right': {
      const target = Math.max(
        0,
        Math.min(layout.length - 1, column + (action.direction === 'left' ? -1 : 1)),
      );
      to = { column: target, index: Math.min(index, othersIn(layout, target, state.taskId)) };
      break;
    }
  }
  if (to.column === column && to.index === index) {
    const edge = action.direction === 'up' ? 'top' : action.direction === 'down' ? 'bottom' : 'edge';
    return { state, announcement: `${label(state.taskId)} is already at the ${edge}.` };
  }
  return {
    state: { ...state, to },
    announcement: `${label(state.taskId)}: ${where(layout, to, state.taskId)}.`,
  };
}

/** The layout as it would look with the lifted card at its target, for drawing the preview. */
export function projectLayout(
  layout: readonly BoardColumnLayout[],
  state: KeyboardMoveState,
): readonly BoardColumnLayout[] {
  if (state.mode !== 'lifted') return layout;
  return layout.map((column, columnIndex) => {
    const others = column.taskIds.filter((id) => id !== state.taskId);
    if (columnIndex !== state.to.column)
      return others.length === column.taskIds.length ? column : { ...column, taskIds: others };
    const taskIds = [...others];
    taskIds.splice(Math.min(state.to.index, taskIds.length), 0, state.taskId);
    return { ...column, taskIds };
  });
}

/** What a key pressed on card `taskId` does: Space picks it up; once lifted, arrows, drop and cancel. */
export function keyToAction(key: string, lifted: boolean, taskId: string): KeyboardMoveAction | undefined {
  if (!lifted) return key === ' ' || key === 'Spacebar' ? { type: 'lift', taskId } : undefined;
  switch (key) {
    case 'ArrowUp':
      return { type: 'move', direction: 'up' };
    case 'ArrowDown':
      return { type: 'move', direction: 'down' };
    case 'ArrowLeft':
      return { type: 'move', direction: 'left' };
    case 'ArrowRight':
      return { type: 'move', direction: 'right' };
    case ' ':
    case 'Spacebar':
    case 'Enter':
      return { type: 'drop' };
    case 'Escape':
      return { type: 'cancel' };
    default:
      return undefined;
  }
}

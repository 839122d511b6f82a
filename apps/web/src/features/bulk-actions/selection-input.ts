import type { MouseEvent } from 'react';
import { useEffect, useRef } from 'react';
import { useShortcut } from '../../hooks/use-shortcut';
import { taskSelection } from '../../lib/task-selection';

/**
 * A click on a card or row that selects instead of opening: Shift selects the range from the cursor in
 * visible order, Cmd/Ctrl toggles the one task. Answers whether it took the click (then the link must
 * not open).
 */
export function selectOnModifiedClick(
  event: Pick<MouseEvent, 'shiftKey' | 'metaKey' | 'ctrlKey' | 'preventDefault'>,
  taskId: string,
  order: readonly string[],
): boolean {
  if (event.shiftKey) {
    event.preventDefault();
    taskSelection.extendTo(taskId, order);
    return true;
  }
  if (event.metaKey || event.ctrlKey) {
    event.preventDefault();
    taskSelection.toggle(taskId);
    taskSelection.setCursor(taskId);
    return true;
  }
  return false;
}

/** The checkbox of a card or row: Shift extends the range as on the card, a plain click toggles. */
export function selectFromCheckbox(
  event: Pick<MouseEvent, 'shiftKey' | 'metaKey' | 'ctrlKey' | 'preventDefault'>,
  taskId: string,
  order: readonly string[],
): void {
  if (event.shiftKey) {
    taskSelection.extendTo(taskId, order);
    return;
  }
  taskSelection.toggle(taskId);
  taskSelection.setCursor(taskId);
}

/** The task after (or before) `current` in `order`; the first (or last) when there is none yet. */
export function stepCursor(order: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (order.length === 0) return null;
  const index = current ? order.indexOf(current) : -1;
  if (index === -1) return step === 1 ? (order[0] ?? null) : (order.at(-1) ?? null);
  return order[Math.min(order.length - 1, Math.max(0, index + step))] ?? null;
}

/**
 * j and k move the keyboard cursor through the tasks in visible order, x selects the task under it,
 * Escape clears the selection. `reveal` brings the cursor's task into view (the views are virtualised).
 * The selection ends with the view: another view or project starts with nothing selected.
 */
export function useSelectionKeys(order: readonly string[], reveal: (taskId: string) => void): void {
  const orderRef = useRef(order);
  orderRef.current = order;
  const move = (step: 1 | -1) => {
    const next = stepCursor(orderRef.current, taskSelection.read().cursor, step);
    if (!next) return;
    taskSelection.setCursor(next);
    reveal(next);
  };
  useShortcut('j', 'Next task', 'Selection', () => move(1));
  useShortcut('k', 'Previous task', 'Selection', () => move(-1));
  useShortcut('x', 'Select the task under the cursor', 'Selection', () => {
    const cursor = taskSelection.read().cursor;
    if (cursor && orderRef.current.includes(cursor)) taskSelection.toggle(cursor);
  });
  useShortcut('Escape', 'Clear the selection', 'Selection', () => taskSelection.clear());
  useEffect(() => () => taskSelection.clear(), []);
}

import type { Task } from '@switchboard/api-client/contract';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import {
  type BoardColumnLayout,
  IDLE,
  type KeyboardMoveAction,
  type KeyboardMoveState,
  keyToAction,
  reduceKeyboardMove,
} from './keyboard-move';

/** How long the keyboard stays on a card after it moved it (while the optimistic update lands). */
export const FOCUS_FOLLOW_MS = 1500;

export type FocusTarget = RefObject<{ id: string; until: number } | null>;

interface KeyboardMoveOptions {
  layout: readonly BoardColumnLayout[];
  tasksById: ReadonlyMap<string, Task>;
  /** The card the keyboard should stay on; set while a card is held. */
  focusTarget: FocusTarget;
  onDrop: (task: Task, statusId: string, index: number) => void;
}

/**
 * Moving cards with the keyboard (the rules are in keyboard-move.ts): the state of the held card, what
 * a screen reader hears, and the card's key handler.
 */
export function useBoardKeyboardMove({ layout, tasksById, focusTarget, onDrop }: KeyboardMoveOptions) {
  const [keyboard, setKeyboard] = useState<KeyboardMoveState>(IDLE);
  // Key presses can come faster than React renders: handlers read the ref.
  const keyboardRef = useRef(keyboard);
  keyboardRef.current = keyboard;
  const [announcement, setAnnouncement] = useState('');
  const labelOf = (taskId: string) => tasksById.get(taskId)?.key ?? 'The card';

  const dispatch = (action: KeyboardMoveAction) => {
    const before = keyboardRef.current;
    const result = reduceKeyboardMove(before, action, layout, labelOf);
    keyboardRef.current = result.state;
    setKeyboard(result.state);
    if (result.announcement) setAnnouncement(result.announcement);
    const heldId =
      action.type === 'lift' ? action.taskId : before.mode === 'lifted' ? before.taskId : undefined;
    if (heldId) focusTarget.current = { id: heldId, until: performance.now() + FOCUS_FOLLOW_MS };
    if (result.drop) {
      const task = tasksById.get(result.drop.taskId);
      if (task) onDrop(task, result.drop.statusId, result.drop.index);
    }
  };

  const onCardKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, task: Task) => {
    const state = keyboardRef.current;
    if (state.mode === 'lifted' && state.taskId !== task.id) return;
    const action = keyToAction(event.key, state.mode === 'lifted', task.id);
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  };

  /** The pointer took over: a held card is put back. */
  const letGo = () => {
    if (keyboardRef.current.mode === 'lifted') dispatch({ type: 'cancel' });
  };

  // Tasks can vanish under a lifted card (deleted elsewhere, filtered): then the move is over.
  useEffect(() => {
    if (keyboard.mode === 'lifted' && !layout.some((column) => column.taskIds.includes(keyboard.taskId))) {
      setKeyboard(IDLE);
    }
  }, [keyboard, layout]);

  return { keyboard, announcement, onCardKeyDown, letGo };
}

import type { Task } from '@switchboard/api-client/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useShortcut } from '../../hooks/use-shortcut';
import { taskSelection } from '../../lib/task-selection';
import { stepCursor } from '../bulk-actions/selection-input';
import { useTaskPeek } from './use-task-peek';

/** The task whose card or row has focus, read from the element the board and the list mark. */
function focusedTaskId(): string | null {
  const element = document.activeElement?.closest<HTMLElement>('[data-card-id], [data-task-id]');
  return element?.dataset.cardId ?? element?.dataset.taskId ?? null;
}

/** The card or row of a task, when it is rendered (the views are virtualised). */
function taskElement(taskId: string): HTMLElement | null {
  const id = CSS.escape(taskId);
  return document.querySelector<HTMLElement>(`[data-card-id="${id}"], [data-task-id="${id}"]`);
}

/**
 * The peek panel's keys on the board and in the list, which know the tasks' visible order:
 * p peeks at the focused card or row (else the cursor's task) and closes the panel when pressed on
 * the task it shows; while the panel is open the up and down arrows show the previous or next task
 * and Escape closes it, giving focus back to the task's card or row (`reveal` brings it into view
 * and focuses it, the views being virtualised). Returns what Alt-click calls.
 */
export function usePeekKeys(
  order: readonly string[],
  tasks: readonly Task[],
  reveal: (taskId: string) => void,
): (task: Task) => void {
  const { peek, open, show, close } = useTaskPeek();
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const peekedId = useMemo(
    () => (peek ? tasks.find((task) => task.key.toLowerCase() === peek.toLowerCase())?.id : undefined),
    [tasks, peek],
  );
  const peekTask = (task: Task) => {
    taskSelection.setCursor(task.id);
    open(task.key);
  };

  useShortcut('p', 'Peek at the task beside the board or list', 'Tasks', () => {
    const taskId = focusedTaskId() ?? taskSelection.read().cursor ?? order[0];
    const task = taskId ? byId.get(taskId) : undefined;
    if (!task) return;
    if (task.id === peekedId) close();
    else peekTask(task);
  });

  const step = (direction: 1 | -1) => {
    const next = stepCursor(order, peekedId ?? taskSelection.read().cursor, direction);
    const task = next ? byId.get(next) : undefined;
    if (!task || task.id === peekedId) return;
    taskSelection.setCursor(task.id);
    // Into view, without taking focus from the panel.
    taskElement(task.id)?.scrollIntoView({ block: 'nearest' });
    show(task.key);
  };
  const peeking = peek !== undefined;
  useShortcut('ArrowDown', 'Peek at the next task', 'Peek', () => step(1), peeking);
  useShortcut('ArrowUp', 'Peek at the previous task', 'Peek', () => step(-1), peeking);
  useShortcut('Escape', 'Close the peek', 'Peek', close, peeking);

  // Closed (by Escape, its button or Back): focus goes back to the card or row of the task it showed.
  const shown = useRef(peekedId);
  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  useEffect(() => {
    const before = shown.current;
    shown.current = peekedId;
    if (before && !peeking) {
      revealRef.current(before);
      requestAnimationFrame(() => taskElement(before)?.focus({ preventScroll: true }));
    }
  }, [peekedId, peeking]);

  return peekTask;
}

import type { Announcements, DragEndEvent, DragMoveEvent, DragStartEvent } from '@dnd-kit/core';
import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { useEffect, useRef, useState } from 'react';
import { useDragSensors } from '../../components/ui/drag-sensors';
import { dropIndexAt } from './board-column';

export interface DropTarget {
  statusId: string;
  /** Index among the column's shown cards other than the dragged one. */
  index: number;
}

interface PointerDragOptions {
  statuses: readonly TaskStatus[];
  /** The shown cards of each column, in board order. */
  columns: ReadonlyMap<string, readonly Task[]>;
  tasksById: ReadonlyMap<string, Task>;
  /** The pointer took a card: the keyboard lets go of whatever it held. */
  onStart: (task: Task) => void;
  /** The card was dropped at `index` among the column's other shown cards. */
  onDrop: (task: Task, statusId: string, index: number) => void;
}

/**
 * Dragging cards with a mouse, a pen or a finger (dnd-kit's sensors): while a card is held, where it
 * would land (a column and an index among its other cards) follows the pointer; dropped, it moves.
 */
export function useBoardPointerDrag({ statuses, columns, tasksById, onStart, onDrop }: PointerDragOptions) {
  const [dragging, setDragging] = useState<Task | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  // The pointer's own height: dnd-kit's deltas count scrolling too, and the drop line goes by the screen.
  const pointerY = useRef(0);
  useEffect(() => {
    if (!dragging) return;
    const follow = (event: PointerEvent) => {
      pointerY.current = event.clientY;
    };
    window.addEventListener('pointermove', follow, { passive: true });
    return () => window.removeEventListener('pointermove', follow);
  }, [dragging]);

  const sensors = useDragSensors();

  const targetOf = (event: DragMoveEvent | DragEndEvent): DropTarget | null => {
    if (!event.over) return null;
    const statusId = String(event.over.id);
    const list = document.querySelector<HTMLElement>(
      `[data-column-id="${CSS.escape(statusId)}"] [data-card-list]`,
    );
    const others = (columns.get(statusId) ?? []).filter((task) => task.id !== event.active.id).length;
    return { statusId, index: list ? dropIndexAt(list, pointerY.current, others) : 0 };
  };

  const finish = () => {
    setDragging(null);
    setDropTarget(null);
  };

  const nameOf = (id: string | number | undefined) =>
    statuses.find((status) => status.id === id)?.name ?? 'the column';
  const keyOf = (id: string | number) => tasksById.get(String(id))?.key ?? 'The card';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${keyOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${keyOf(active.id)} is over ${nameOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${keyOf(active.id)} in ${nameOf(over.id)}.` : `${keyOf(active.id)} was put back.`,
    onDragCancel: ({ active }) => `${keyOf(active.id)} was put back.`,
  };

  return {
    sensors,
    announcements,
    dragging,
    dropTarget,
    onDragStart: (event: DragStartEvent) => {
      const task = tasksById.get(String(event.active.id));
      if (!task) return;
      const start = event.activatorEvent;
      if ('clientY' in start && typeof start.clientY === 'number') pointerY.current = start.clientY;
      if (typeof TouchEvent !== 'undefined' && start instanceof TouchEvent && start.touches[0])
        pointerY.current = start.touches[0].clientY;
      onStart(task);
      setDragging(task);
    },
    onDragMove: (event: DragMoveEvent) => {
      const next = targetOf(event);
      setDropTarget((current) =>
        current?.statusId === next?.statusId && current?.index === next?.index ? current : next,
      );
    },
    onDragEnd: (event: DragEndEvent) => {
      const task = tasksById.get(String(event.active.id));
      const target = targetOf(event);
      if (task && target) onDrop(task, target.statusId, target.index);
      finish();
    },
    onDragCancel: finish,
  };
}

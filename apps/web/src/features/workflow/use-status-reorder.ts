import type { DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import type { TaskStatus } from '@switchboard/api-client/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useDragSensors } from '../../components/ui/drag-sensors';
import { useReorderStatus } from './use-workflow';

export interface StatusReorder {
  /** What a screen reader hears after a move. */
  announcement: string;
  /** The status being dragged with the pointer. */
  dragging: string | null;
  handleKeyDown: (event: KeyboardEvent<HTMLButtonElement>, status: TaskStatus) => void;
  /** For the list's DndContext: dnd-kit's mouse and touch sensors, and what a drag does. */
  drag: {
    sensors: ReturnType<typeof useDragSensors>;
    onDragStart: (event: DragStartEvent) => void;
    onDragEnd: (event: DragEndEvent) => void;
    onDragCancel: () => void;
  };
}

/**
 * Reordering the statuses: the up and down arrows on a row's handle move it one place (the handle
 * keeps focus), or the row is dragged to another row's place with the pointer (a dnd-kit sortable
 * list). The columns move at once and the server is told (useReorderStatus).
 */
export function useStatusReorder(projectId: string, statuses: readonly TaskStatus[]): StatusReorder {
  const reorder = useReorderStatus(projectId);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const keepFocusOn = useRef<{ id: string; position: number } | null>(null);
  const sensors = useDragSensors();

  // React may move the focused row's element to reorder the list, which drops focus: once the row is
  // in its new place, focus goes back to its handle.
  useEffect(() => {
    const wanted = keepFocusOn.current;
    if (!wanted) return;
    const moved = statuses.find((status) => status.id === wanted.id);
    if (moved?.position !== wanted.position) return;
    keepFocusOn.current = null;
    document.querySelector<HTMLElement>(`[data-status-handle="${CSS.escape(wanted.id)}"]`)?.focus();
  }, [statuses]);

  const moveTo = (status: TaskStatus, position: number) => {
    const target = Math.max(0, Math.min(position, statuses.length - 1));
    if (target === status.position) return target;
    reorder.mutate({ status, position: target });
    setAnnouncement(`Moved ${status.name} to column ${target + 1} of ${statuses.length}.`);
    return target;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, status: TaskStatus) => {
    const step = { ArrowUp: -1, ArrowDown: 1, Home: -status.position, End: statuses.length } as const;
    const delta = step[event.key as keyof typeof step];
    if (delta === undefined) return;
    event.preventDefault();
    const position = moveTo(status, status.position + delta);
    keepFocusOn.current = position === status.position ? null : { id: status.id, position };
  };

  const drag = {
    sensors,
    onDragStart: (event: DragStartEvent) => {
      keepFocusOn.current = null;
      setDragging(String(event.active.id));
    },
    onDragEnd: (event: DragEndEvent) => {
      setDragging(null);
      const moving = statuses.find((status) => status.id === event.active.id);
      const onto = statuses.find((status) => status.id === event.over?.id);
      if (moving && onto) moveTo(moving, onto.position);
    },
    onDragCancel: () => setDragging(null),
  };

  return { announcement, dragging, handleKeyDown, drag };
}

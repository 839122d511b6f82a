import type { TaskStatus } from '@switchboard/api-client/contract';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useReorderStatus } from './use-workflow';

const STATUS_DRAG_TYPE = 'application/x-switchboard-status';

export interface StatusReorder {
  /** What a screen reader hears after a move. */
  announcement: string;
  /** The status being dragged with the pointer, and the row it would land on. */
  dragging: string | null;
  over: number | null;
  handleKeyDown: (event: KeyboardEvent<HTMLButtonElement>, status: TaskStatus) => void;
  rowDrag: (status: TaskStatus) => {
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
}

/**
 * Reordering the statuses: the up and down arrows on a row's handle move it one place (the handle
 * keeps focus), or the row is dragged to another row's place with the pointer. The columns move at
 * once and the server is told (useReorderStatus).
 */
export function useStatusReorder(projectId: string, statuses: readonly TaskStatus[]): StatusReorder {
  const reorder = useReorderStatus(projectId);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const keepFocusOn = useRef<{ id: string; position: number } | null>(null);

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

  const rowDrag = (status: TaskStatus) => ({
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(STATUS_DRAG_TYPE, status.id);
      keepFocusOn.current = null;
      setDragging(status.id);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragging || !event.dataTransfer.types.includes(STATUS_DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(status.position);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      const moving = statuses.find((candidate) => candidate.id === dragging);
      if (!moving) return;
      event.preventDefault();
      moveTo(moving, status.position);
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return { announcement, dragging, over, handleKeyDown, rowDrag };
}

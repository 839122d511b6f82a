import { DndContext, DragOverlay, pointerWithin } from '@dnd-kit/core';
import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { useId, useMemo, useRef } from 'react';
import { useTaskSelection } from '../../hooks/use-task-selection';
import { selectFromCheckbox, selectOnModifiedClick, useSelectionKeys } from '../bulk-actions/selection-input';
import { peekOnAltClick } from '../task-peek/peek-click';
import { usePeekKeys } from '../task-peek/use-peek-keys';
import { groupByStatus, positionAt } from '../tasks/tasks-board';
import { type BoardFilters, matchesFilters } from '../tasks/tasks-filters';
import { useMoveTask } from '../tasks/use-task-mutations';
import { BoardColumn } from './board-column';
import { BoardDragPreview } from './board-drag-preview';
import { type BoardColumnLayout, projectLayout } from './keyboard-move';
import { useQuickCreateFooters } from './quick-create-footers';
import { FOCUS_FOLLOW_MS, useBoardKeyboardMove } from './use-board-keyboard-move';
import { useBoardPointerDrag } from './use-board-pointer-drag';
import { useStableCardHandlers } from './use-stable-card-handlers';

export interface BoardProps {
  projectId: string;
  statuses: readonly TaskStatus[];
  tasks: readonly Task[];
  workUnits: readonly WorkUnit[];
  filters: BoardFilters;
}

/**
 * The board: one column per status, cards in board order. Cards move by dragging (dnd-kit's mouse and
 * touch sensors) or with the keyboard; either way the card lands at once and the server is told
 * (useMoveTask rolls it back on a conflict).
 */
export function Board({ projectId, statuses, tasks, workUnits, filters }: BoardProps) {
  const instructionsId = useId();
  const move = useMoveTask();
  /** The card the keyboard should stay on (see useKeepFocusedCard in board-column.tsx). */
  const focusRef = useRef<{ id: string; until: number } | null>(null);

  const unitsById = useMemo(() => new Map(workUnits.map((unit) => [unit.id, unit])), [workUnits]);
  const shown = useMemo(() => tasks.filter((task) => matchesFilters(task, filters)), [tasks, filters]);
  const columns = useMemo(() => groupByStatus(shown, statuses), [shown, statuses]);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const layout: BoardColumnLayout[] = useMemo(
    () =>
      statuses.map((status) => ({
        statusId: status.id,
        name: status.name,
        taskIds: (columns.get(status.id) ?? []).map((task) => task.id),
      })),
    [statuses, columns],
  );
  // Selection (click, shift-click, j/k, x) reads the cards in visible order: column by column.
  const order = useMemo(() => layout.flatMap((column) => column.taskIds), [layout]);
  const orderRef = useRef(order);
  orderRef.current = order;
  const selection = useTaskSelection();
  const selectedIds = useMemo(() => new Set(selection.selected), [selection.selected]);
  const reveal = (taskId: string) => {
    focusRef.current = { id: taskId, until: performance.now() + FOCUS_FOLLOW_MS };
  };
  useSelectionKeys(order, reveal);
  const peekTask = usePeekKeys(order, tasks, reveal);

  /** Moves a card to `index` among the shown other cards of a column, unless that is where it is. */
  const moveTo = (task: Task, statusId: string, index: number) => {
    const column = columns.get(statusId) ?? [];
    if (task.statusId === statusId && column.findIndex((other) => other.id === task.id) === index) return;
    move.mutate({ task, statusId, position: positionAt(column, task.id, index) });
  };

  const keyboard = useBoardKeyboardMove({ layout, tasksById, focusTarget: focusRef, onDrop: moveTo });
  const drawn = projectLayout(layout, keyboard.keyboard);
  const pointer = useBoardPointerDrag({
    statuses,
    columns,
    tasksById,
    onStart: () => {
      keyboard.letGo();
      // The pointer took over: stop keeping the keyboard on a card (focusing the dragged element
      // would end the drag).
      focusRef.current = null;
    },
    onDrop: moveTo,
  });

  const handlers = useStableCardHandlers({
    onCardKeyDown: keyboard.onCardKeyDown,
    onCardCheckbox: (event, task) => selectFromCheckbox(event, task.id, orderRef.current),
    onCardClick: (event, task) => {
      if (!peekOnAltClick(event, () => peekTask(task)))
        selectOnModifiedClick(event, task.id, orderRef.current);
    },
  });

  const footers = useQuickCreateFooters(projectId, statuses, filters);
  const held = keyboard.keyboard;

  return (
    <div className="relative">
      <p id={instructionsId} className="sr-only">
        Press Space to pick the card up, the arrow keys to move it, Space or Enter to drop it, Escape to
        cancel. Enter opens the card; P peeks at it beside the board.
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {keyboard.announcement}
      </div>
      <DndContext
        sensors={pointer.sensors}
        collisionDetection={pointerWithin}
        accessibility={{
          announcements: pointer.announcements,
          screenReaderInstructions: { draggable: '' },
        }}
        onDragStart={pointer.onDragStart}
        onDragMove={pointer.onDragMove}
        onDragEnd={pointer.onDragEnd}
        onDragCancel={pointer.onDragCancel}
      >
        {/* relative: the columns' visually hidden texts are placed against this scroller, so they scroll
            with it instead of widening the page on a phone. */}
        <div className="relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 md:-mx-8 md:scroll-px-8 md:px-8">
          {statuses.map((status, columnIndex) => (
            <BoardColumn
              key={status.id}
              status={status}
              ids={drawn[columnIndex]?.taskIds ?? EMPTY}
              total={layout[columnIndex]?.taskIds.length ?? 0}
              tasksById={tasksById}
              unitsById={unitsById}
              liftedId={held.mode === 'lifted' ? held.taskId : null}
              selectedIds={selectedIds}
              cursorId={selection.cursor}
              draggingId={pointer.dragging?.id ?? null}
              dropIndex={pointer.dropTarget?.statusId === status.id ? pointer.dropTarget.index : null}
              instructionsId={instructionsId}
              focusTarget={focusRef}
              handlers={handlers}
              footer={footers.get(status.id)}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {pointer.dragging ? <BoardDragPreview task={pointer.dragging} /> : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

const EMPTY: readonly string[] = [];

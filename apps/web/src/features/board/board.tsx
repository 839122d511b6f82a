import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import {
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTaskSelection } from '../../hooks/use-task-selection';
import { selectFromCheckbox, selectOnModifiedClick, useSelectionKeys } from '../bulk-actions/selection-input';
import { peekOnAltClick } from '../task-peek/peek-click';
import { usePeekKeys } from '../task-peek/use-peek-keys';
import { assigneeFields, assigneeFromSearch } from '../tasks/assignee-options';
import { groupByStatus, positionAt } from '../tasks/tasks-board';
import { type BoardFilters, matchesFilters, NO_WORK_UNIT, UNASSIGNED } from '../tasks/tasks-filters';
import { useMoveTask } from '../tasks/use-task-mutations';
import { TASK_DRAG_TYPE } from './board-card';
import { BoardColumn, type BoardColumnHandlers, dropIndexAt } from './board-column';
import {
  type BoardColumnLayout,
  IDLE,
  type KeyboardMoveAction,
  type KeyboardMoveState,
  keyToAction,
  projectLayout,
  reduceKeyboardMove,
} from './keyboard-move';
import { QuickCreate } from './quick-create';

export interface BoardProps {
  projectId: string;
  statuses: readonly TaskStatus[];
  tasks: readonly Task[];
  workUnits: readonly WorkUnit[];
  filters: BoardFilters;
}

interface DropTarget {
  statusId: string;
  /** Index among the column's shown cards other than the dragged one. */
  index: number;
}

/**
 * The board: one column per status, cards in board order. Cards move by dragging (native HTML5
 * drag and drop) or with the keyboard; either way the card lands at once and the server is told
 * (useMoveTask rolls it back on a conflict).
 */
export function Board({ projectId, statuses, tasks, workUnits, filters }: BoardProps) {
  const instructionsId = useId();
  const move = useMoveTask();
  const [keyboard, setKeyboard] = useState<KeyboardMoveState>(IDLE);
  const keyboardRef = useRef(keyboard);
  keyboardRef.current = keyboard;
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDraggingState] = useState<Task | null>(null);
  // Events of one drag can come faster than React renders: handlers read the ref.
  const draggingRef = useRef<Task | null>(null);
  const setDragging = (task: Task | null) => {
    draggingRef.current = task;
    setDraggingState(task);
  };
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  /** The card the keyboard should stay on (see the effect below). */
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
  const drawn = projectLayout(layout, keyboard);
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
  const labelOf = (taskId: string) => tasksById.get(taskId)?.key ?? 'The card';

  /** Moves a card to `index` among the shown other cards of a column, unless that is where it is. */
  const moveTo = (task: Task, statusId: string, index: number) => {
    const column = columns.get(statusId) ?? [];
    if (task.statusId === statusId && column.findIndex((other) => other.id === task.id) === index) return;
    move.mutate({ task, statusId, position: positionAt(column, task.id, index) });
  };

  // ── Keyboard ──

  const dispatch = (action: KeyboardMoveAction) => {
    const before = keyboardRef.current;
    const result = reduceKeyboardMove(before, action, layout, labelOf);
    keyboardRef.current = result.state;
    setKeyboard(result.state);
    if (result.announcement) setAnnouncement(result.announcement);
    const heldId =
      action.type === 'lift' ? action.taskId : before.mode === 'lifted' ? before.taskId : undefined;
    if (heldId) focusRef.current = { id: heldId, until: performance.now() + FOCUS_FOLLOW_MS };
    if (result.drop) {
      const task = tasksById.get(result.drop.taskId);
      if (task) moveTo(task, result.drop.statusId, result.drop.index);
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

  // Tasks can vanish under a lifted card (deleted elsewhere, filtered): then the move is over.
  useEffect(() => {
    if (keyboard.mode === 'lifted' && !layout.some((column) => column.taskIds.includes(keyboard.taskId))) {
      setKeyboard(IDLE);
    }
  }, [keyboard, layout]);

  // ── Pointer drag and drop ──

  /** Where the dragged card would land among the column's other shown cards. */
  const indexAt = (list: HTMLElement, clientY: number, statusId: string, draggedId: string) => {
    const others = (columns.get(statusId) ?? []).filter((task) => task.id !== draggedId).length;
    return dropIndexAt(list, clientY, others);
  };

  const onColumnDragOver = (event: DragEvent<HTMLElement>, statusId: string) => {
    const dragged = draggingRef.current;
    if (!dragged || !event.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const list = event.currentTarget.querySelector<HTMLElement>('[data-card-list]');
    if (!list) return;
    const index = indexAt(list, event.clientY, statusId, dragged.id);
    setDropTarget((current) =>
      current?.statusId === statusId && current.index === index ? current : { statusId, index },
    );
  };

  const onColumnDrop = (event: DragEvent<HTMLElement>, statusId: string) => {
    const dragged = draggingRef.current;
    if (!dragged) return;
    event.preventDefault();
    const list = event.currentTarget.querySelector<HTMLElement>('[data-card-list]');
    const index = list ? indexAt(list, event.clientY, statusId, dragged.id) : 0;
    const status = statuses.find((candidate) => candidate.id === statusId);
    moveTo(dragged, statusId, index);
    setAnnouncement(`Dropped ${dragged.key} in ${status?.name ?? 'the column'}.`);
    setDragging(null);
    setDropTarget(null);
  };

  const onColumnDragLeave = (event: DragEvent<HTMLElement>, statusId: string) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) {
      setDropTarget((current) => (current?.statusId === statusId ? null : current));
    }
  };

  // The columns (and their memoised cards) get handlers that stay the same from render to render and
  // call the latest closures, so a move re-renders only the cards it changed.
  const latest = useRef<BoardColumnHandlers>(null as unknown as BoardColumnHandlers);
  latest.current = {
    onCardKeyDown,
    onCardCheckbox: (event, task) => selectFromCheckbox(event, task.id, orderRef.current),
    onCardClick: (event, task) => {
      if (!peekOnAltClick(event, () => peekTask(task)))
        selectOnModifiedClick(event, task.id, orderRef.current);
    },
    onCardDragStart: (started) => {
      if (keyboardRef.current.mode === 'lifted') dispatch({ type: 'cancel' });
      // The pointer took over: stop keeping the keyboard on a card (focusing the dragged element
      // would end the drag).
      focusRef.current = null;
      setDragging(started);
    },
    onCardDragEnd: () => {
      setDragging(null);
      setDropTarget(null);
    },
    onDragOver: onColumnDragOver,
    onDragLeave: onColumnDragLeave,
    onDrop: onColumnDrop,
  };
  const handlers = useMemo<BoardColumnHandlers>(
    () => ({
      onCardKeyDown: (event, task) => latest.current.onCardKeyDown(event, task),
      onCardCheckbox: (event, task) => latest.current.onCardCheckbox(event, task),
      onCardClick: (event, task) => latest.current.onCardClick(event, task),
      onCardDragStart: (task) => latest.current.onCardDragStart(task),
      onCardDragEnd: () => latest.current.onCardDragEnd(),
      onDragOver: (event, statusId) => latest.current.onDragOver(event, statusId),
      onDragLeave: (event, statusId) => latest.current.onDragLeave(event, statusId),
      onDrop: (event, statusId) => latest.current.onDrop(event, statusId),
    }),
    [],
  );

  const footers = useMemo(() => {
    const assignee = assigneeFromSearch(filters.assignee, UNASSIGNED);
    const defaults = {
      // A new card takes the filtered assignee, so it stays in view.
      ...(assignee ? assigneeFields(assignee) : {}),
      priority: filters.priority,
      workUnitId: filters.workUnit && filters.workUnit !== NO_WORK_UNIT ? filters.workUnit : undefined,
    };
    return new Map<string, ReactNode>(
      statuses.map((status, index) => [
        status.id,
        <QuickCreate
          key={status.id}
          projectId={projectId}
          statusId={status.id}
          statusName={status.name}
          defaults={defaults}
          isVisible={(title) => createdTaskShown(title, defaults, filters)}
          opensOnRequest={index === 0}
        />,
      ]),
    );
  }, [statuses, projectId, filters]);

  return (
    <div ref={boardRef} className="relative">
      <p id={instructionsId} className="sr-only">
        Press Space to pick the card up, the arrow keys to move it, Space or Enter to drop it, Escape to
        cancel. Enter opens the card; P peeks at it beside the board.
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
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
            liftedId={keyboard.mode === 'lifted' ? keyboard.taskId : null}
            selectedIds={selectedIds}
            cursorId={selection.cursor}
            draggingId={dragging?.id ?? null}
            dropIndex={dropTarget?.statusId === status.id ? dropTarget.index : null}
            instructionsId={instructionsId}
            focusTarget={focusRef}
            handlers={handlers}
            footer={footers.get(status.id)}
          />
        ))}
      </div>
    </div>
  );
}

const EMPTY: readonly string[] = [];

const FOCUS_FOLLOW_MS = 1500;

/** Whether a task created with these defaults would pass the filters (its key is not known yet). */
function createdTaskShown(
  title: string,
  defaults: {
    assignee?: string | null | undefined;
    assigneeUserId?: string | null | undefined;
    priority?: Task['priority'] | undefined;
    workUnitId?: string | undefined;
  },
  filters: BoardFilters,
): boolean {
  return matchesFilters(
    {
      assignee: defaults.assignee ?? null,
      assigneeUser: defaults.assigneeUserId ? { id: defaults.assigneeUserId, name: '' } : null,
      priority: defaults.priority ?? 'medium',
      workUnitId: defaults.workUnitId ?? null,
      key: '',
      title,
      description: '',
    },
    filters,
  );
}

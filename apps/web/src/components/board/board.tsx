import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMoveTask } from '../../hooks/use-task-mutations';
import { groupByStatus, positionAt } from '../../lib/tasks-board';
import { type BoardFilters, matchesFilters, NO_WORK_UNIT, UNASSIGNED } from '../../lib/tasks-filters';
import { StatusDot } from '../tasks/indicators';
import { cn } from '../ui/cn';
import { BoardCard, TASK_DRAG_TYPE } from './board-card';
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

  // A moved card is a new element (another column) or a moved one: the keyboard stays on it while it
  // is held, and for a moment after the drop, while the optimistic update lands.
  useEffect(() => {
    const target = focusRef.current;
    if (!target) return;
    if (keyboard.mode !== 'lifted' && performance.now() > target.until) {
      focusRef.current = null;
      return;
    }
    const card = boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(target.id)}"]`);
    if (card && document.activeElement !== card) card.focus();
  });

  // Tasks can vanish under a lifted card (deleted elsewhere, filtered): then the move is over.
  useEffect(() => {
    if (keyboard.mode === 'lifted' && !layout.some((column) => column.taskIds.includes(keyboard.taskId))) {
      setKeyboard(IDLE);
    }
  }, [keyboard, layout]);

  // ── Pointer drag and drop ──

  const indexAt = (list: HTMLElement, clientY: number, draggedId: string) => {
    const cards = [...list.querySelectorAll<HTMLElement>('[data-card-id]')].filter(
      (card) => card.dataset.cardId !== draggedId,
    );
    const after = cards.findIndex((card) => {
      const rect = card.getBoundingClientRect();
      return clientY < rect.top + rect.height / 2;
    });
    return after === -1 ? cards.length : after;
  };

  const onColumnDragOver = (event: DragEvent<HTMLElement>, statusId: string) => {
    const dragged = draggingRef.current;
    if (!dragged || !event.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const list = event.currentTarget.querySelector<HTMLElement>('[data-card-list]');
    if (!list) return;
    const index = indexAt(list, event.clientY, dragged.id);
    setDropTarget((current) =>
      current?.statusId === statusId && current.index === index ? current : { statusId, index },
    );
  };

  const onColumnDrop = (event: DragEvent<HTMLElement>, statusId: string) => {
    const dragged = draggingRef.current;
    if (!dragged) return;
    event.preventDefault();
    const list = event.currentTarget.querySelector<HTMLElement>('[data-card-list]');
    const index = list ? indexAt(list, event.clientY, dragged.id) : 0;
    const status = statuses.find((candidate) => candidate.id === statusId);
    moveTo(dragged, statusId, index);
    setAnnouncement(`Dropped ${dragged.key} in ${status?.name ?? 'the column'}.`);
    setDragging(null);
    setDropTarget(null);
  };

  const createDefaults = {
    assignee: filters.assignee && filters.assignee !== UNASSIGNED ? filters.assignee : undefined,
    priority: filters.priority,
    workUnitId: filters.workUnit && filters.workUnit !== NO_WORK_UNIT ? filters.workUnit : undefined,
  };

  return (
    <div ref={boardRef} className="relative">
      <p id={instructionsId} className="sr-only">
        Press Space to pick the card up, the arrow keys to move it, Space or Enter to drop it, Escape to
        cancel. Enter opens the card.
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      <div className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 md:-mx-8 md:scroll-px-8 md:px-8">
        {statuses.map((status, columnIndex) => {
          const ids = drawn[columnIndex]?.taskIds ?? [];
          const total = layout[columnIndex]?.taskIds.length ?? 0;
          const targeted = dropTarget?.statusId === status.id;
          const othersCount = ids.filter((id) => id !== dragging?.id).length;
          let otherIndex = 0;
          return (
            <section
              key={status.id}
              aria-label={status.name}
              onDragOver={(event) => onColumnDragOver(event, status.id)}
              onDragLeave={(event) => {
                const next = event.relatedTarget as Node | null;
                if (!next || !event.currentTarget.contains(next)) {
                  setDropTarget((current) => (current?.statusId === status.id ? null : current));
                }
              }}
              onDrop={(event) => onColumnDrop(event, status.id)}
              className={cn(
                'flex w-72 shrink-0 snap-start flex-col rounded-card border border-transparent bg-subtle/40 transition-colors',
                targeted && 'border-accent/40 bg-accent/5',
              )}
            >
              <header className="flex h-10 items-center gap-2 px-3">
                <StatusDot category={status.category} />
                <h2 className="text-[13px] font-medium text-foreground">{status.name}</h2>
                <span className="text-[12px] text-muted-foreground tabular-nums">
                  {total}
                  <span className="sr-only"> {total === 1 ? 'task' : 'tasks'}</span>
                </span>
              </header>
              <ol data-card-list className="flex min-h-16 flex-1 flex-col gap-2 px-2 pb-2">
                {ids.map((id) => {
                  const task = tasksById.get(id);
                  if (!task) return null;
                  // The dragged card stays where it was (moving its element would end the drag); the
                  // line shows where it will land among the others.
                  const isDragged = dragging?.id === id;
                  const lineHere = targeted && !isDragged && dropTarget.index === otherIndex;
                  if (!isDragged) otherIndex++;
                  return (
                    <li key={id} className="relative">
                      {lineHere ? <DropLine /> : null}
                      <BoardCard
                        task={task}
                        workUnit={task.workUnitId ? unitsById.get(task.workUnitId) : undefined}
                        lifted={keyboard.mode === 'lifted' && keyboard.taskId === id}
                        dragging={isDragged}
                        instructionsId={instructionsId}
                        onKeyDown={onCardKeyDown}
                        onDragStart={(started) => {
                          if (keyboardRef.current.mode === 'lifted') dispatch({ type: 'cancel' });
                          // The pointer took over: stop keeping the keyboard on a card (focusing
                          // the dragged element would end the drag).
                          focusRef.current = null;
                          setDragging(started);
                        }}
                        onDragEnd={() => {
                          setDragging(null);
                          setDropTarget(null);
                        }}
                      />
                    </li>
                  );
                })}
                {targeted && total > 0 && dropTarget.index >= othersCount ? (
                  <li aria-hidden="true" className="relative h-0">
                    <DropLine />
                  </li>
                ) : null}
                {total === 0 ? (
                  // Kept while a card is dragged over it: removing the element under the pointer
                  // mid-drag makes browsers drop the drop.
                  <li
                    className={cn(
                      'grid h-16 place-items-center rounded-card border border-dashed text-[12px] text-muted-foreground',
                      targeted ? 'border-accent/60 text-accent' : 'border-border',
                    )}
                  >
                    {targeted ? 'Drop here' : 'No tasks'}
                  </li>
                ) : null}
              </ol>
              <div className="px-2 pb-2">
                <QuickCreate
                  projectId={projectId}
                  statusId={status.id}
                  statusName={status.name}
                  defaults={createDefaults}
                  isVisible={(title) => createdTaskShown(title, createDefaults, filters)}
                />
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

const FOCUS_FOLLOW_MS = 1500;

/** Whether a task created with these defaults would pass the filters (its key is not known yet). */
function createdTaskShown(
  title: string,
  defaults: {
    assignee?: string | undefined;
    priority?: Task['priority'] | undefined;
    workUnitId?: string | undefined;
  },
  filters: BoardFilters,
): boolean {
  return matchesFilters(
    {
      assignee: defaults.assignee ?? null,
      priority: defaults.priority ?? 'medium',
      workUnitId: defaults.workUnitId ?? null,
      key: '',
      title,
      description: '',
    },
    filters,
  );
}

function DropLine() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -top-[5px] right-0 left-0 h-0.5 rounded-full bg-accent"
    />
  );
}

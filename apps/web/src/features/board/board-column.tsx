import { useDroppable } from '@dnd-kit/core';
import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { measureElement, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import { cn } from '../../components/ui/cn';
import { observeScrollerRect } from '../../components/ui/scroller-rect';
import { StatusDot } from '../tasks/indicators';
import { BoardCard } from './board-card';

/** Only cards whose task, unit or state changed render again after a move. */
const Card = memo(BoardCard);

/** A card's usual height with the gap below it, before it is measured. */
const ESTIMATED_CARD_PX = 104;
const CARD_GAP_PX = 8;
/** Cards rendered beyond the visible ones, so scrolling and keyboard moves find them ready. */
const OVERSCAN = 6;
/** A card with no size (not laid out) keeps the estimate rather than counting as nothing. */
const measureCard: typeof measureElement = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : ESTIMATED_CARD_PX;
};

/** Event handlers shared by every column; the board keeps them the same from render to render. */
export interface BoardColumnHandlers {
  onCardKeyDown: (event: KeyboardEvent<HTMLAnchorElement>, task: Task) => void;
  /** The card's selection checkbox was clicked. */
  onCardCheckbox: (event: MouseEvent<HTMLInputElement>, task: Task) => void;
  /** The card was clicked: with Shift or Cmd/Ctrl it selects instead of opening. */
  onCardClick: (event: MouseEvent<HTMLAnchorElement>, task: Task) => void;
}

export interface BoardColumnProps {
  status: TaskStatus;
  /** The cards drawn in this column, in order (a card held by the keyboard shows where it would land). */
  ids: readonly string[];
  /** How many tasks the column holds (the held card counts where it came from). */
  total: number;
  tasksById: ReadonlyMap<string, Task>;
  unitsById: ReadonlyMap<string, WorkUnit>;
  liftedId: string | null;
  /** Tasks selected for bulk actions. */
  selectedIds: ReadonlySet<string>;
  /** The task the keyboard cursor (j/k) rests on. */
  cursorId: string | null;
  draggingId: string | null;
  /** Where a dragged card would land among the column's other cards; null when not over this column. */
  dropIndex: number | null;
  instructionsId: string;
  /** The card the keyboard should stay on (a card moved by the keyboard). */
  focusTarget: RefObject<{ id: string; until: number } | null>;
  handlers: BoardColumnHandlers;
  /** The quick-create form at the bottom. */
  footer: ReactNode;
}

/**
 * One column of the board: its header stays in view while the cards scroll under it, and only the
 * cards in view (and a few around them) are rendered, so a column of hundreds of tasks stays quick.
 */
export const BoardColumn = memo(function BoardColumn({
  status,
  ids,
  total,
  tasksById,
  unitsById,
  liftedId,
  selectedIds,
  cursorId,
  draggingId,
  dropIndex,
  instructionsId,
  focusTarget,
  handlers,
  footer,
}: BoardColumnProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The whole column takes a dragged card; where in it is worked out from the pointer's height.
  const { setNodeRef } = useDroppable({ id: status.id });
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => ids[index] ?? index,
    overscan: OVERSCAN,
    observeElementRect: observeScrollerRect,
    measureElement: measureCard,
  });
  const targeted = dropIndex !== null;
  const othersCount = ids.filter((id) => id !== draggingId).length;

  useKeepFocusedCard(virtualizer, ids, focusTarget, liftedId, scrollRef);

  const items = virtualizer.getVirtualItems();
  return (
    <section
      ref={setNodeRef}
      aria-label={status.name}
      data-column-id={status.id}
      // The status's own colour (chosen on the workflow page) runs along the column's top edge; the
      // dot beside its name keeps saying the category.
      style={{ borderTopColor: status.color }}
      className={cn(
        'flex max-h-[max(26rem,calc(100dvh-15rem))] w-[min(17rem,82vw)] shrink-0 snap-start flex-col rounded-card border border-t-2 border-transparent bg-subtle/40 transition-colors md:w-auto md:min-w-56 md:flex-1 md:basis-0',
        targeted && 'border-accent/40 bg-accent/5',
      )}
    >
      <header className="flex h-10 shrink-0 items-center gap-2 px-3">
        <StatusDot category={status.category} />
        <h2 className="text-[13px] font-medium text-foreground">{status.name}</h2>
        <span className="text-[12px] text-muted-foreground tabular-nums">
          {total}
          <span className="sr-only"> {total === 1 ? 'task' : 'tasks'}</span>
        </span>
      </header>
      <div ref={scrollRef} data-card-scroller className="min-h-16 flex-1 overflow-y-auto px-2 pt-0.5">
        <ol
          data-card-list
          className="relative"
          style={{ height: ids.length > 0 ? virtualizer.getTotalSize() : undefined }}
        >
          {items.map((item) => {
            const id = ids[item.index];
            const task = id ? tasksById.get(id) : undefined;
            if (!id || !task) return null;
            const isDragged = draggingId === id;
            // Among the other cards (the dragged one stays where it was while the line shows the spot).
            const otherIndex = item.index - (draggingId && ids.indexOf(draggingId) < item.index ? 1 : 0);
            const lineHere = targeted && !isDragged && dropIndex === otherIndex;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-other-index={isDragged ? undefined : otherIndex}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)`, paddingBottom: CARD_GAP_PX }}
              >
                {lineHere ? <DropLine /> : null}
                <Card
                  task={task}
                  workUnit={task.workUnitId ? unitsById.get(task.workUnitId) : undefined}
                  lifted={liftedId === id}
                  selected={selectedIds.has(id)}
                  cursor={cursorId === id}
                  selecting={selectedIds.size > 0}
                  dragging={isDragged}
                  instructionsId={instructionsId}
                  onKeyDown={handlers.onCardKeyDown}
                  onCheckbox={handlers.onCardCheckbox}
                  onClick={handlers.onCardClick}
                />
              </li>
            );
          })}
        </ol>
        {targeted && ids.length > 0 && dropIndex >= othersCount ? (
          <div aria-hidden="true" className="relative h-2">
            <DropLine />
          </div>
        ) : null}
        {total === 0 ? (
          // Kept while a card is dragged over it, saying so.
          <div
            className={cn(
              'mb-2 grid h-16 place-items-center rounded-card border border-dashed text-[12px] text-muted-foreground',
              targeted ? 'border-accent/60 text-accent' : 'border-border',
            )}
          >
            {targeted ? 'Drop here' : 'No tasks'}
          </div>
        ) : null}
      </div>
      <div className="shrink-0 px-2 pb-2">{footer}</div>
    </section>
  );
});

/**
 * The keyboard stays on a card it moves: the card is scrolled into the rendered range, then focused,
 * while it is held and for a moment after the drop (while the optimistic update lands).
 */
function useKeepFocusedCard(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  ids: readonly string[],
  focusTarget: RefObject<{ id: string; until: number } | null>,
  liftedId: string | null,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    const index = ids.indexOf(target.id);
    if (index === -1) return;
    if (liftedId === null && performance.now() > target.until) return;
    const card = scrollRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(target.id)}"]`);
    if (!card) {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      return;
    }
    if (document.activeElement !== card) card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest' });
  });
}

/**
 * Where a dragged card would land among a column's other cards, from the pointer's height: before the
 * first rendered card whose middle is below it, else after the last rendered one.
 */
export function dropIndexAt(list: HTMLElement, clientY: number, othersCount: number): number {
  const rows = [...list.querySelectorAll<HTMLElement>('[data-other-index]')].sort(
    (a, b) => Number(a.dataset.otherIndex) - Number(b.dataset.otherIndex),
  );
  for (const row of rows) {
    const rect = row.getBoundingClientRect();
    if (clientY < rect.top + rect.height / 2) return Number(row.dataset.otherIndex);
  }
  const last = rows.at(-1);
  return last ? Math.min(Number(last.dataset.otherIndex) + 1, othersCount) : othersCount;
}

function DropLine() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -top-[5px] right-0 left-0 h-0.5 rounded-full bg-accent"
    />
  );
}

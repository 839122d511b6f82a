import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useCallback, useMemo, useRef, useState } from 'react';
import { observeScrollerRect } from '../../components/ui/scroller-rect';
import { useTaskSelection } from '../../hooks/use-task-selection';
import { selectFromCheckbox, selectOnModifiedClick, useSelectionKeys } from '../bulk-actions/selection-input';
import { peekOnAltClick } from '../task-peek/peek-click';
import { usePeekKeys } from '../task-peek/use-peek-keys';
import type { BoardFilters, ListGroup, ListSort, SortDirection } from '../tasks/tasks-filters';
import { matchesFilters } from '../tasks/tasks-filters';
import { TaskGroupHeading, TaskListColumns } from './task-list-headings';
import { groupTasks, listRows, visibleOrder } from './task-list-model';
import { TaskListRow } from './task-list-row';

export interface TaskListProps {
  statuses: readonly TaskStatus[];
  tasks: readonly Task[];
  workUnits: readonly WorkUnit[];
  filters: BoardFilters;
  group: ListGroup;
  sort: ListSort | undefined;
  dir: SortDirection;
}

const ROW_PX = 40;
const HEADING_PX = 36;
const OVERSCAN = 10;

/**
 * The project's tasks as rows under group headings (status, assignee, label, work unit or priority),
 * sorted within each group. Only the rows in view are rendered, so a project of thousands stays quick;
 * the rows read the same cache the board does, so realtime changes show here too.
 */
export function TaskList({ statuses, tasks, workUnits, filters, group, sort, dir }: TaskListProps) {
  const { selected, cursor } = useTaskSelection();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => tasks.filter((task) => matchesFilters(task, filters)), [tasks, filters]);
  const groups = useMemo(
    () => groupTasks(shown, group, { statuses, workUnits }),
    [shown, group, statuses, workUnits],
  );
  const rows = useMemo(() => listRows(groups, sort, dir, collapsed), [groups, sort, dir, collapsed]);
  const order = useMemo(() => visibleOrder(rows), [rows]);
  const statusesById = useMemo(() => new Map(statuses.map((status) => [status.id, status])), [statuses]);
  const unitsById = useMemo(() => new Map(workUnits.map((unit) => [unit.id, unit])), [workUnits]);
  const selectedIds = useMemo(() => new Set(selected), [selected]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.type === 'group' ? HEADING_PX : ROW_PX),
    getItemKey: (index) => {
      const row = rows[index];
      if (!row) return index;
      return row.type === 'group' ? row.group.key : `${row.groupKey}/${row.task.id}`;
    },
    overscan: OVERSCAN,
    observeElementRect: observeScrollerRect,
  });

  const reveal = useCallback(
    (taskId: string) => {
      const index = rows.findIndex((row) => row.type === 'task' && row.task.id === taskId);
      if (index === -1) return;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row may render only after the scroll: focus it on the next frame.
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"]`)
          ?.focus({ preventScroll: true }),
      );
    },
    [rows, virtualizer],
  );
  useSelectionKeys(order, reveal);
  const peekTask = usePeekKeys(order, tasks, reveal);

  const toggleGroup = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const onCheckbox = (event: MouseEvent<HTMLInputElement>, task: Task) =>
    selectFromCheckbox(event, task.id, order);
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, task: Task) => {
    if (!peekOnAltClick(event, () => peekTask(task))) selectOnModifiedClick(event, task.id, order);
  };

  if (shown.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-border p-8 text-center text-[13px] text-muted-foreground">
        {tasks.length === 0 ? 'No tasks yet.' : 'No tasks match these filters.'}
      </p>
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    <section aria-label="Task list" className="overflow-x-auto">
      <div className="md:min-w-[66rem]">
        <TaskListColumns />
        <div ref={scrollRef} className="max-h-[max(24rem,calc(100dvh-18rem))] overflow-y-auto pb-16">
          <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  className="absolute top-0 left-0 w-full"
                  style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                >
                  {row.type === 'group' ? (
                    <TaskGroupHeading
                      group={row.group}
                      collapsed={row.collapsed}
                      onToggle={() => toggleGroup(row.group.key)}
                    />
                  ) : (
                    <TaskListRow
                      task={row.task}
                      status={statusesById.get(row.task.statusId)}
                      workUnit={row.task.workUnitId ? unitsById.get(row.task.workUnitId) : undefined}
                      selected={selectedIds.has(row.task.id)}
                      cursor={cursor === row.task.id}
                      selecting={selected.length > 0}
                      onCheckbox={onCheckbox}
                      onLinkClick={onLinkClick}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}

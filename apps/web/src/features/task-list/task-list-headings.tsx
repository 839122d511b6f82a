import { cn } from '../../components/ui/cn';
import { ChevronLeftIcon } from '../tasks/icons';
import type { TaskGroup } from './task-list-model';
import { ROW_COLUMNS, WIDE_ONLY } from './task-list-row';

/** The names of the list's columns above the rows; screen readers hear each row's own labels instead. */
export function TaskListColumns() {
  return (
    <div
      aria-hidden="true"
      className={cn(
        ROW_COLUMNS,
        'h-8 border-b border-border pr-2 pl-2 text-[11px] font-medium tracking-wide text-muted-foreground uppercase',
      )}
    >
      <span />
      <span>Key</span>
      <span>Title</span>
      <span>Status</span>
      <span className={WIDE_ONLY}>Assignee</span>
      <span className={WIDE_ONLY}>Labels</span>
      <span className={WIDE_ONLY}>Priority</span>
      <span className={WIDE_ONLY}>Due</span>
      <span className={WIDE_ONLY} title="Estimate, in points">
        Est.
      </span>
      <span className={WIDE_ONLY}>Work unit</span>
      <span className={WIDE_ONLY}>Updated</span>
    </div>
  );
}

/** A group's heading in the list: its name and count, a button that folds its rows away or back. */
export function TaskGroupHeading({
  group,
  collapsed,
  onToggle,
}: {
  group: TaskGroup;
  collapsed: boolean;
  onToggle: () => void;
}) {
  return (
    <h2 className="h-full">
      <button
        type="button"
        aria-expanded={!collapsed}
        onClick={onToggle}
        className="flex h-full w-full items-center gap-2 px-1 text-left text-[13px] font-semibold text-foreground hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        <ChevronLeftIcon
          className={cn('size-3.5 transition-transform', collapsed ? 'rotate-180' : '-rotate-90')}
        />
        <span>{group.label}</span>
        <span className="font-normal text-muted-foreground tabular-nums">{group.tasks.length}</span>
      </button>
    </h2>
  );
}

import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { cn } from '../../components/ui/cn';
import { RelativeTime } from '../../components/ui/relative-time';
import { UserText } from '../../components/ui/user-text';
import { pointsLabel } from '../../lib/due-dates';
import { SelectionCheckbox } from '../bulk-actions/selection-checkbox';
import { LabelDot } from '../labels/label-chip';
import { DueDate } from '../tasks/due-date';
import { AgentBadge, PRIORITY_LABELS, PriorityIcon, StatusDot } from '../tasks/indicators';
import { assigneeOf } from './task-list-model';

/**
 * The columns of a row and of the list's header, so they line up. A phone keeps the key, the title and
 * the status; the other columns are on the task's page.
 */
export const ROW_COLUMNS =
  'grid grid-cols-[1.25rem_4.5rem_minmax(0,1fr)_6.5rem] md:grid-cols-[1.25rem_4.5rem_minmax(10rem,1fr)_8rem_9rem_10rem_5.5rem_5.5rem_3rem_9rem_6.5rem] items-center gap-3';

/** A column shown only where there is room for all of them. */
export const WIDE_ONLY = 'max-md:hidden';

export interface TaskListRowProps {
  task: Task;
  status: TaskStatus | undefined;
  workUnit: WorkUnit | undefined;
  selected: boolean;
  /** The keyboard cursor (j/k) rests here. */
  cursor: boolean;
  /** Something is selected: checkboxes show on every row. */
  selecting: boolean;
  onCheckbox: (event: MouseEvent<HTMLInputElement>, task: Task) => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>, task: Task) => void;
}

/** One task of the list: a link to the task with its checkbox beside it. */
export function TaskListRow({
  task,
  status,
  workUnit,
  selected,
  cursor,
  selecting,
  onCheckbox,
  onLinkClick,
}: TaskListRowProps) {
  const assignee = assigneeOf(task);
  return (
    <div
      className={cn(
        'group/select relative flex h-10 items-center rounded-control border border-transparent pl-2 text-[13px]',
        'hover:bg-subtle/60',
        selected && 'bg-accent/8',
        cursor && 'border-accent ring-2 ring-accent/40',
      )}
      data-row-task={task.id}
      data-selected={selected || undefined}
    >
      <SelectionCheckbox
        taskKey={task.key}
        checked={selected}
        visible={selecting || cursor}
        onSelect={(event) => onCheckbox(event, task)}
        className="absolute left-2"
      />
      <Link
        to="/dashboard/projects/$projectId/tasks/$taskKey"
        params={{ projectId: task.projectId, taskKey: task.key }}
        data-task-id={task.id}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, task)}
        onMouseDown={(event: MouseEvent<HTMLAnchorElement>) => {
          // Shift-click selects a range of rows, not the text between them.
          if (event.shiftKey) event.preventDefault();
        }}
        className={cn(
          ROW_COLUMNS,
          'h-full min-w-0 flex-1 rounded-control pr-2 outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
        )}
      >
        <span aria-hidden="true" />
        <span className="font-mono text-[11px] text-muted-foreground">{task.key}</span>
        <span className="truncate font-medium text-foreground">
          <UserText>{task.title}</UserText>
        </span>
        <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
          {status ? <StatusDot category={status.category} /> : null}
          <span className="truncate">{status?.name}</span>
        </span>
        <span className={cn('flex min-w-0 items-center gap-1.5 text-muted-foreground', WIDE_ONLY)}>
          {task.assignee ? <AgentBadge name={task.assignee} /> : null}
          <span className="truncate">
            {assignee?.name ?? <span className="text-muted-foreground">Unassigned</span>}
          </span>
        </span>
        <span className={cn('flex min-w-0 gap-1 overflow-hidden', WIDE_ONLY)}>
          {(task.labels ?? []).map((label) => (
            <span
              key={label.id}
              className="inline-flex max-w-full shrink-0 items-center gap-1 truncate rounded-full border border-border px-1.5 text-[11px] text-muted-foreground"
            >
              <LabelDot color={label.color} />
              <UserText>{label.name}</UserText>
            </span>
          ))}
        </span>
        <span className={cn('flex items-center gap-1.5 text-muted-foreground', WIDE_ONLY)}>
          <PriorityIcon priority={task.priority} />
          {PRIORITY_LABELS[task.priority]}
        </span>
        <DueDate
          dueDate={task.dueDate}
          category={status?.category}
          className={cn('text-[12px]', WIDE_ONLY)}
        />
        <span
          className={cn('text-[12px] tabular-nums text-muted-foreground', WIDE_ONLY)}
          title={task.estimate == null ? undefined : pointsLabel(task.estimate)}
        >
          {task.estimate ?? ''}
        </span>
        <span
          className={cn('truncate font-mono text-[11px] text-muted-foreground', WIDE_ONLY)}
          title={workUnit?.title}
        >
          {workUnit?.slug ?? ''}
        </span>
        <RelativeTime value={task.updatedAt} className={cn('text-[12px] text-muted-foreground', WIDE_ONLY)} />
      </Link>
    </div>
  );
}

import { useDraggable } from '@dnd-kit/core';
import type { Task, WorkUnit } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import type { KeyboardEvent, MouseEvent, TouchEvent } from 'react';
import { cn } from '../../components/ui/cn';
import { plural } from '../../components/ui/format';
import { UserText } from '../../components/ui/user-text';
import { FindingsBadge } from '../architecture/findings-badge';
import { SelectionCheckbox } from '../bulk-actions/selection-checkbox';
import { LabelChips } from '../labels/label-chip';
import { BlockedIcon } from '../tasks/icons';
import { PriorityIcon } from '../tasks/indicators';
import { BoardCardMeta } from './board-card-meta';

export interface BoardCardProps {
  task: Task;
  workUnit: WorkUnit | undefined;
  /** Picked up with the keyboard. */
  lifted: boolean;
  /** Being dragged with the pointer. */
  dragging: boolean;
  /** Selected for bulk actions. */
  selected: boolean;
  /** The keyboard cursor (j/k) rests here. */
  cursor: boolean;
  /** Something is selected: checkboxes show on every card. */
  selecting: boolean;
  /** Id of the element that explains the keyboard controls. */
  instructionsId: string;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>, task: Task) => void;
  onCheckbox: (event: MouseEvent<HTMLInputElement>, task: Task) => void;
  onClick: (event: MouseEvent<HTMLAnchorElement>, task: Task) => void;
}

/** One card: a link to the task, draggable with the pointer, and movable with the keyboard (see keyboard-move.ts). */
export function BoardCard({
  task,
  workUnit,
  lifted,
  dragging,
  selected,
  cursor,
  selecting,
  instructionsId,
  onKeyDown,
  onCheckbox,
  onClick,
}: BoardCardProps) {
  // Only the pointer's listeners: the card stays a link to screen readers (not dnd-kit's button), and
  // the keyboard moves it through onKeyDown.
  const { setNodeRef, listeners } = useDraggable({ id: task.id });
  const blocked = task.blockedBy.length > 0;
  return (
    // The checkbox sits beside the link, not in it: a control inside a link is neither valid nor reachable.
    <div className="group/select relative">
      <Link
        to="/dashboard/projects/$projectId/tasks/$taskKey"
        params={{ projectId: task.projectId, taskKey: task.key }}
        ref={setNodeRef}
        data-card-id={task.id}
        // The browser's own link dragging would fight the pointer's.
        draggable={false}
        aria-describedby={instructionsId}
        onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => onKeyDown(event, task)}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event, task)}
        onMouseDown={(event: MouseEvent<HTMLAnchorElement>) => {
          // Shift-click selects a range of cards, not the text between them.
          if (event.shiftKey) event.preventDefault();
          else listeners?.onMouseDown?.(event);
        }}
        onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => listeners?.onTouchStart?.(event)}
        className={cn(
          'group block rounded-card border border-border bg-surface p-3 text-left shadow-xs outline-none',
          'transition-[border-color,box-shadow,opacity,transform] duration-150 hover:border-border-strong',
          'focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-ring/40',
          lifted && 'scale-[1.02] border-accent shadow-lg ring-2 ring-accent/50',
          dragging && 'opacity-40',
          selected && 'border-accent/70 bg-accent/5',
          cursor && !lifted && 'ring-2 ring-accent/50',
        )}
      >
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-[11px] font-medium text-muted-foreground">{task.key}</span>
          <span className="flex items-center gap-1.5">
            <FindingsBadge counts={task.openFindings} />
            {blocked ? (
              <span
                role="img"
                aria-label="Blocked"
                title={`Waits for ${plural(task.blockedBy.length, 'task')}`}
                className="text-danger"
              >
                <BlockedIcon className="size-3.5" />
              </span>
            ) : null}
            <PriorityIcon priority={task.priority} />
          </span>
        </div>
        <p className="mt-1.5 line-clamp-3 text-[13px] leading-5 font-medium text-foreground">
          <UserText>{task.title}</UserText>
        </p>
        <LabelChips labels={task.labels} className="mt-2" />
        <BoardCardMeta task={task} workUnit={workUnit} />
      </Link>
      <SelectionCheckbox
        taskKey={task.key}
        checked={selected}
        visible={selecting || cursor}
        onSelect={(event) => onCheckbox(event, task)}
        className="absolute top-3 left-[-0.35rem] bg-surface"
      />
    </div>
  );
}

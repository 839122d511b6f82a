import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TaskStatus } from '@switchboard/api-client/contract';
import { ChevronsUpDownIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { plural } from '../../components/ui/format';
import { EditDeleteButtons } from '../../components/ui/row-actions';
import { UserText } from '../../components/ui/user-text';
import { StatusDot } from '../tasks/indicators';
import { CATEGORY_LABELS } from './task-statuses';
import type { StatusReorder } from './use-status-reorder';

export interface StatusRowProps {
  status: TaskStatus;
  tasks: number;
  /** The reorder controls and actions; absent for a member who may only read the workflow. */
  editing?: {
    reorder: StatusReorder;
    instructionsId: string;
    onEdit: () => void;
    onDelete: () => void;
  };
}

/** One status of the workflow: its colour, name, category and tasks, and for admins its controls. */
export function StatusRow({ status, tasks, editing }: StatusRowProps) {
  // The row moves aside while another is dragged past it; only the pointer's listeners are taken, the
  // handle's arrow keys being the keyboard's way (and the row staying a list item to screen readers).
  const { setNodeRef, listeners, transform, transition } = useSortable({
    id: status.id,
    disabled: !editing,
  });
  return (
    <li
      ref={setNodeRef}
      aria-label={status.name}
      data-status-row={status.id}
      {...listeners}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative flex items-center gap-3 bg-surface py-2.5',
        editing?.reorder.dragging === status.id && 'z-10 opacity-60 shadow-md',
      )}
    >
      {editing ? (
        <button
          type="button"
          data-status-handle={status.id}
          aria-label={`Reorder ${status.name}, column ${status.position + 1}`}
          aria-describedby={editing.instructionsId}
          onKeyDown={(event) => editing.reorder.handleKeyDown(event, status)}
          className="grid size-7 cursor-grab place-items-center rounded-control text-muted-foreground hover:bg-subtle hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <ChevronsUpDownIcon className="size-3.5" />
        </button>
      ) : null}
      <span
        role="img"
        aria-label={`Colour ${status.color}`}
        className="size-4 shrink-0 rounded-full border border-border"
        style={{ backgroundColor: status.color }}
      />
      <span className="flex min-w-0 flex-1 items-center gap-2">
        <StatusDot category={status.category} />
        <span className="truncate text-[13px] font-medium text-foreground">
          <UserText>{status.name}</UserText>
        </span>
        <Badge>{CATEGORY_LABELS[status.category]}</Badge>
      </span>
      <span className="shrink-0 text-[12px] text-muted-foreground tabular-nums">{plural(tasks, 'task')}</span>
      {editing ? (
        <EditDeleteButtons
          label={`status ${status.name}`}
          onEdit={editing.onEdit}
          onDelete={editing.onDelete}
        />
      ) : null}
    </li>
  );
}

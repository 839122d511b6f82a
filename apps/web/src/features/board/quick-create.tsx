import { type CreateTask, TASK_LIMITS } from '@switchboard/api-client/contract';
import { useId } from 'react';
import { cn } from '../../components/ui/cn';
import { LengthCounter } from '../../components/ui/length-counter';
import { PlusIcon } from '../tasks/icons';
import { useQuickCreate } from './use-quick-create';

/**
 * "New task" at the foot of a column: type a title, press Enter, and the card appears; the input stays
 * open for the next one. Escape (or leaving it empty) closes it.
 */
export function QuickCreate({
  projectId,
  statusId,
  statusName,
  defaults,
  isVisible,
  opensOnRequest = false,
}: {
  projectId: string;
  statusId: string;
  statusName: string;
  /** Filled from the board's filters, so the new card matches what is shown. */
  defaults: Pick<CreateTask, 'assignee' | 'assigneeUserId' | 'priority' | 'workUnitId'>;
  /** Whether a task with this title would pass the board's filters (else the toast says it is hidden). */
  isVisible: (title: string) => boolean;
  /** This column's field opens for "Create task" (the c shortcut, the command palette). */
  opensOnRequest?: boolean;
}) {
  const field = useQuickCreate({ projectId, statusId, defaults, isVisible, opensOnRequest });
  const errorId = useId();

  if (!field.open) {
    return (
      <button
        type="button"
        onClick={field.show}
        className="flex h-8 w-full items-center gap-1.5 rounded-control px-2 text-[13px] text-muted-foreground transition-colors hover:bg-subtle hover:text-foreground"
      >
        <PlusIcon className="size-3.5" />
        New task
      </button>
    );
  }

  return (
    <form onSubmit={field.submit} noValidate data-quick-create>
      <label className="sr-only" htmlFor={`${errorId}-input`}>
        New task title in {statusName}
      </label>
      <input
        ref={field.inputRef}
        id={`${errorId}-input`}
        value={field.title}
        placeholder="Task title, then Enter"
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        readOnly={field.pending}
        aria-busy={field.pending || undefined}
        onChange={(event) => field.type(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') field.cancel();
        }}
        onBlur={field.leave}
        className={cn(
          'h-9 w-full rounded-control border border-accent bg-surface px-2.5 text-[13px] text-foreground shadow-xs',
          'placeholder:text-muted-foreground/70 aria-invalid:border-danger',
        )}
      />
      <LengthCounter text={field.title.trim()} limit={TASK_LIMITS.title} />
      {field.error ? (
        <p id={errorId} className="mt-1 px-1 text-xs text-danger">
          {field.error}
        </p>
      ) : null}
    </form>
  );
}

import { type CreateTask, createTaskSchema, TASK_LIMITS } from '@switchboard/api-client/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../components/ui/cn';
import { LengthCounter } from '../../components/ui/length-counter';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { tooLong } from '../../lib/text-limits';
import { useQuickCreateRequest } from '../command-palette/quick-create-request';
import { PlusIcon } from '../tasks/icons';
import { useCreateTask } from '../tasks/use-task-mutations';

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
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const create = useCreateTask(projectId);
  // Set at once on submit, before React shows the field as busy: a second Enter in the same moment
  // would otherwise create the task twice.
  const submitting = useRef(false);
  useQuickCreateRequest(projectId, opensOnRequest, () => {
    setOpen(true);
    // Already open: the effect below will not run again, so the field takes the focus here.
    inputRef.current?.focus();
  });

  // Opening the field is asking to type in it.
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const parsed = createTaskSchema.safeParse({ title, statusId, ...defaults });
    if (!parsed.success) {
      setError(
        tooLong('A title', title.trim(), TASK_LIMITS.title) ??
          fieldErrorsFrom(parsed.error).title ??
          'Check the title.',
      );
      return;
    }
    setError(undefined);
    submitting.current = true;
    create.mutate(parsed.data, {
      onSettled: () => {
        submitting.current = false;
      },
      onSuccess: (task) => {
        setTitle('');
        inputRef.current?.focus();
        toast.success(`Created ${task.key}`, {
          description: isVisible(task.title) ? task.title : `${task.title} — hidden by the current filters`,
        });
      },
      onError: (failure) => setError(fieldErrorsFrom(failure).title ?? describeError(failure)),
    });
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex h-8 w-full items-center gap-1.5 rounded-control px-2 text-[13px] text-muted-foreground transition-colors hover:bg-subtle hover:text-foreground"
      >
        <PlusIcon className="size-3.5" />
        New task
      </button>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-quick-create>
      <label className="sr-only" htmlFor={`${errorId}-input`}>
        New task title in {statusName}
      </label>
      <input
        ref={inputRef}
        id={`${errorId}-input`}
        value={title}
        placeholder="Task title, then Enter"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        readOnly={create.isPending}
        aria-busy={create.isPending || undefined}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setTitle('');
            setError(undefined);
            setOpen(false);
          }
        }}
        onBlur={() => {
          if (!title.trim() && !create.isPending) {
            setError(undefined);
            setOpen(false);
          }
        }}
        className={cn(
          'h-9 w-full rounded-control border border-accent bg-surface px-2.5 text-[13px] text-foreground shadow-xs',
          'placeholder:text-muted-foreground/70 aria-invalid:border-danger',
        )}
      />
      <LengthCounter text={title.trim()} limit={TASK_LIMITS.title} />
      {error ? (
        <p id={errorId} className="mt-1 px-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

import { type CreateTask, createTaskSchema, TASK_LIMITS } from '@switchboard/api-client/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { tooLong } from '../../lib/text-limits';
import { useQuickCreateRequest } from '../command-palette/quick-create-request';
import { useCreateTask } from '../tasks/use-task-mutations';

/**
 * A column's quick-create field: open or not, the title typed and why it was refused, and creating the
 * task (once per Enter), after which the field empties and stays open for the next one.
 */
export function useQuickCreate({
  projectId,
  statusId,
  defaults,
  isVisible,
  opensOnRequest,
}: {
  projectId: string;
  statusId: string;
  defaults: Pick<CreateTask, 'assignee' | 'assigneeUserId' | 'priority' | 'workUnitId'>;
  isVisible: (title: string) => boolean;
  opensOnRequest: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
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

  const type = (text: string) => {
    setTitle(text);
    if (error) setError(undefined);
  };
  const cancel = () => {
    setTitle('');
    setError(undefined);
    setOpen(false);
  };
  // Leaving the field empty closes it; a title typed (or being saved) keeps it open.
  const leave = () => {
    if (!title.trim() && !create.isPending) {
      setError(undefined);
      setOpen(false);
    }
  };

  return {
    open,
    show: () => setOpen(true),
    title,
    error,
    inputRef,
    pending: create.isPending,
    submit,
    type,
    cancel,
    leave,
  };
}

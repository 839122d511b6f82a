import type { TaskStatus } from '@switchboard/api-client/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { plural } from '../../components/ui/format';
import { SelectField } from '../../components/ui/select';
import { UserText } from '../../components/ui/user-text';
import { type StatusFormErrors, statusErrorsFrom } from './task-statuses';
import { useDeleteStatus } from './use-workflow';

/** The status its tasks go to unless the person picks another: the first of the same category. */
function suggestedTarget(status: TaskStatus, others: readonly TaskStatus[]): string {
  return (others.find((other) => other.category === status.category) ?? others[0])?.id ?? '';
}

/**
 * Deletes a status after asking where its tasks go. The choice is always sent, so tasks added since
 * the count was shown still land where the person said.
 */
export function DeleteStatusDialog({
  projectId,
  status,
  statuses,
  tasks,
  onClose,
}: {
  projectId: string;
  status: TaskStatus;
  statuses: readonly TaskStatus[];
  /** How many tasks the status holds, as far as this page knows. */
  tasks: number;
  onClose: () => void;
}) {
  const others = statuses.filter((other) => other.id !== status.id);
  const [moveTo, setMoveTo] = useState(() => suggestedTarget(status, others));
  const [errors, setErrors] = useState<StatusFormErrors>({});
  const remove = useDeleteStatus(projectId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate(
      { status, moveTo: moveTo || undefined },
      {
        onSuccess: ({ deleted, movedTasks, movedTo }) => {
          const target = statuses.find((other) => other.id === movedTo);
          toast.success(
            movedTasks > 0 && target
              ? `Deleted status ${deleted.name}; ${plural(movedTasks, 'task')} moved to ${target.name}`
              : `Deleted status ${deleted.name}`,
          );
          onClose();
        },
        onError: (error) => setErrors(statusErrorsFrom(error)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      tone="danger"
      title={`Delete status ${status.name}?`}
      description={
        <>
          The <UserText>{status.name}</UserText> column leaves the board.{' '}
          {tasks > 0 ? `Its ${plural(tasks, 'task')} move to the status you choose.` : 'It has no tasks.'}
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <SelectField
          label="Move its tasks to"
          options={others.map((other) => ({ value: other.id, label: other.name }))}
          value={moveTo}
          error={errors.moveTo}
          onChange={(event) => {
            setMoveTo(event.currentTarget.value);
            setErrors({});
          }}
        />
        <DialogFooter
          onCancel={onClose}
          actionLabel="Delete status"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          tone="danger"
          error={errors.category ?? errors.name ?? errors._form}
        />
      </form>
    </Dialog>
  );
}

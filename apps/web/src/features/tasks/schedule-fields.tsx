import { ESTIMATE_POINTS, type StatusCategory, type Task } from '@switchboard/api-client/contract';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { InlineSelect } from '../../components/ui/select';
import { fieldErrorsFrom } from '../../lib/api';
import { isOverdue, pointsLabel } from '../../lib/due-dates';
import { describeError } from '../../lib/error-messages';
import { useUpdateTask } from './use-task-mutations';

/**
 * The task's due date, saved when the person leaves the field or presses Enter: a date field changes
 * its value at every digit of the year, and each would otherwise be a save (0002-12-03 among them).
 */
export function DueDateField({
  task,
  category,
  id,
}: {
  task: Task;
  category: StatusCategory | undefined;
  id: string;
}) {
  const update = useUpdateTask(task, { silent: true });
  const [draft, setDraft] = useState(task.dueDate ?? '');
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  // Another tab's or person's change shows here unless this person is part way through typing one.
  useEffect(() => setDraft(task.dueDate ?? ''), [task.dueDate]);

  const save = (value: string) => {
    const dueDate = value === '' ? null : value;
    if (dueDate === (task.dueDate ?? null)) return;
    setError(undefined);
    update.mutate(
      { dueDate },
      {
        onError: (failure) => {
          setDraft(task.dueDate ?? '');
          setError(fieldErrorsFrom(failure).dueDate ?? describeError(failure));
        },
      },
    );
  };
  const overdue = isOverdue(task.dueDate, category);

  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="date"
          value={draft}
          min="1900-01-01"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={(event) => save(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save(event.currentTarget.value);
          }}
          className={cn(CONTROL_CLASSES, 'h-8 w-40 px-2', overdue && 'border-danger')}
        />
        {task.dueDate ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              save('');
            }}
            className="text-[12px] text-muted-foreground hover:text-foreground hover:underline"
          >
            Clear
          </button>
        ) : null}
        {overdue ? <span className="text-[12px] font-medium text-danger">Overdue</span> : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const ESTIMATE_OPTIONS = [
  { value: '', label: 'No estimate' },
  ...ESTIMATE_POINTS.map((points) => ({ value: String(points), label: pointsLabel(points) })),
];

/** The task's estimate in points, chosen from the scale; saved on choosing. */
export function EstimateField({ task }: { task: Task }) {
  const update = useUpdateTask(task);
  return (
    <InlineSelect
      commit="choice"
      label="Estimate"
      value={task.estimate == null ? '' : String(task.estimate)}
      options={ESTIMATE_OPTIONS}
      onChange={(value) =>
        update.mutate({
          estimate:
            value === '' ? null : (ESTIMATE_POINTS.find((points) => String(points) === value) ?? null),
        })
      }
      className="w-full"
    />
  );
}

import type { StatusCategory } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { formatDueDate, isOverdue } from '../../lib/due-dates';

/**
 * A task's due date where tasks are listed: the day, marked and said to be overdue once it has passed
 * on a task not done. Nothing when the task has none.
 */
export function DueDate({
  dueDate,
  category,
  className,
}: {
  dueDate: string | null | undefined;
  category: StatusCategory | undefined;
  className?: string;
}) {
  if (!dueDate) return <span className={className} />;
  const overdue = isOverdue(dueDate, category);
  return (
    <time
      dateTime={dueDate}
      data-overdue={overdue || undefined}
      title={overdue ? `Overdue: was due ${formatDueDate(dueDate)}` : `Due ${formatDueDate(dueDate)}`}
      className={cn('truncate', overdue ? 'font-medium text-danger' : 'text-muted-foreground', className)}
    >
      {formatDueDate(dueDate)}
      {overdue ? <span className="sr-only"> (overdue)</span> : null}
    </time>
  );
}

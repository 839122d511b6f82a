import type { WorkUnit } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { CalendarIcon, WarningIcon } from '../tasks/icons';
import { ProgressBar } from '../tasks/indicators';
import { TaskLink } from '../tasks/task-link';
import { daysUntil, dueLabel } from './work-units';

/** A unit's tasks done out of all, and its target date (in red once an open unit is past it). */
export function UnitProgress({ unit, today }: { unit: WorkUnit; today: Date }) {
  const { completedTasks, totalTasks, percentage } = unit.progress;
  const open = unit.status !== 'completed' && unit.status !== 'cancelled';
  const days = unit.targetDate ? daysUntil(unit.targetDate, today) : null;
  return (
    <>
      <div className="w-36">
        <ProgressBar
          value={percentage}
          label={`${unit.slug} progress: ${completedTasks} of ${totalTasks} tasks done`}
        />
        <p className="mt-1 text-[11px] text-muted-foreground tabular-nums">
          {completedTasks}/{totalTasks} done · {percentage}%
        </p>
      </div>
      <span
        className={cn(
          'hidden w-32 items-center gap-1 text-[12px] lg:flex',
          open && days !== null && days < 0 ? 'text-danger' : 'text-muted-foreground',
        )}
      >
        {unit.targetDate ? (
          <>
            <CalendarIcon className="size-3.5 shrink-0" />
            <span title={unit.targetDate}>{open && days !== null ? dueLabel(days) : unit.targetDate}</span>
          </>
        ) : null}
      </span>
    </>
  );
}

/** Under a unit's row: the task being worked on now, and the advice about how the unit is set up. */
export function UnitNotes({ unit, projectId }: { unit: WorkUnit; projectId: string }) {
  const { currentTask } = unit.progress;
  if (!currentTask && unit.warnings.length === 0) return null;
  return (
    <div className="flex basis-full flex-col gap-1 pl-0.5 text-[12px]">
      {currentTask ? (
        <p className="text-muted-foreground">
          Now:{' '}
          <TaskLink
            projectId={projectId}
            task={currentTask}
            className="hover:text-foreground hover:underline"
          />
        </p>
      ) : null}
      {unit.warnings.map((warning) => (
        <p key={warning} className="flex items-start gap-1.5 text-amber-600 dark:text-amber-300">
          <WarningIcon
            className="mt-0.5 size-3.5 shrink-0"
            aria-label="Advice"
            role="img"
            aria-hidden={false}
          />
          {warning}
        </p>
      ))}
    </div>
  );
}

import type { StatusCategory, WorkUnitStatus } from '@switchboard/api-client/contract';
import { initialsOf } from '../../components/ui/avatar';
import { cn } from '../../components/ui/cn';
import { WORK_UNIT_STATUS_LABELS } from '../work-units/work-units';
import type { Priority } from './tasks-filters';

export const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITIES: readonly Priority[] = ['high', 'medium', 'low'];

/** Three bars, as many lit as the priority is high; the label is for screen readers and the tooltip. */
export function PriorityIcon({ priority, className }: { priority: Priority; className?: string }) {
  const lit = priority === 'high' ? 3 : priority === 'medium' ? 2 : 1;
  return (
    <span
      role="img"
      aria-label={`${PRIORITY_LABELS[priority]} priority`}
      title={`${PRIORITY_LABELS[priority]} priority`}
      className={cn('inline-flex h-3 shrink-0 items-end gap-[2px]', className)}
    >
      {[1, 2, 3].map((bar) => (
        <span
          key={bar}
          className={cn(
            'w-[3px] rounded-[1px]',
            bar === 1 ? 'h-1.5' : bar === 2 ? 'h-2.5' : 'h-3',
            bar <= lit ? (priority === 'high' ? 'bg-danger' : 'bg-foreground/80') : 'bg-border-strong',
          )}
        />
      ))}
    </span>
  );
}

const CATEGORY_COLOURS: Record<StatusCategory, string> = {
  todo: 'border-muted-foreground',
  in_progress: 'border-amber-400 border-r-transparent',
  review: 'border-accent border-b-transparent',
  done: 'border-success bg-success',
};

/** A ring filled as far as the status goes: empty (todo) … full (done). */
export function StatusDot({ category, className }: { category: StatusCategory; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-3 shrink-0 rounded-full border-2',
        CATEGORY_COLOURS[category],
        className,
      )}
    />
  );
}

/** An agent's initials in a square (agents are not people; round avatars are for people). */
export function AgentBadge({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-5 shrink-0 place-items-center rounded-[5px] bg-accent/15 text-[9px] font-semibold text-accent',
        className,
      )}
    >
      {initialsOf(name.replace(/[-_]+/g, ' '))}
    </span>
  );
}

/** Who wrote or did something: an agent's square badge, or a person's round initials. */
export function ActorAvatar({
  actor,
  className,
}: {
  actor: { type: string; name: string };
  className?: string;
}) {
  if (actor.type === 'agent') return <AgentBadge name={actor.name} className={className} />;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-5 shrink-0 place-items-center rounded-full bg-accent/15 text-[9px] font-semibold text-accent',
        className,
      )}
    >
      {initialsOf(actor.name)}
    </span>
  );
}

const UNIT_STATUS_TONES: Record<WorkUnitStatus, string> = {
  planning: 'border-border bg-subtle text-muted-foreground',
  in_progress: 'border-amber-400/30 bg-amber-400/10 text-amber-600 dark:text-amber-300',
  blocked: 'border-danger/30 bg-danger/10 text-danger',
  completed: 'border-success/30 bg-success/10 text-success',
  cancelled: 'border-border bg-transparent text-muted-foreground line-through',
};

export function WorkUnitStatusBadge({ status }: { status: WorkUnitStatus }) {
  return (
    <span
      className={cn(
        'inline-flex h-5 shrink-0 items-center rounded-full border px-2 text-[11px] font-medium whitespace-nowrap',
        UNIT_STATUS_TONES[status],
      )}
    >
      {WORK_UNIT_STATUS_LABELS[status]}
    </span>
  );
}

/** A thin bar with its numbers beside it; the numbers are the accessible text. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  /** 0–100 */
  value: number;
  label: string;
  className?: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-label={label}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-subtle', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          clamped === 100 ? 'bg-success' : 'bg-accent',
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}

import type { AgentSessionStatus } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { SESSION_STATUS_LABELS } from './agent-sessions';

const TONES: Record<AgentSessionStatus, string> = {
  awaiting_input: 'border-amber-400/40 bg-amber-400/15 text-amber-700 dark:text-amber-300',
  active: 'border-success/30 bg-success/10 text-success',
  idle: 'border-border bg-subtle text-muted-foreground',
  ended: 'border-border bg-transparent text-muted-foreground',
};

const DOTS: Record<AgentSessionStatus, string> = {
  awaiting_input: 'bg-amber-500 animate-pulse',
  active: 'bg-success',
  idle: 'bg-muted-foreground/60',
  ended: 'border border-muted-foreground/60 bg-transparent',
};

/** The session's state in words, with a dot that pulses while it waits for a person. */
export function SessionStatusBadge({ status }: { status: AgentSessionStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex h-5 shrink-0 items-center gap-1.5 rounded-full border px-2 text-[11px] font-medium whitespace-nowrap',
        TONES[status],
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOTS[status])} />
      {SESSION_STATUS_LABELS[status]}
    </span>
  );
}

import type { Severity } from '@switchboard/architecture';
import { cn } from '../../components/ui/cn';

export type { Severity };

/** HIGH blocks the task, MEDIUM sends it to review, LOW is only recorded: the colours follow that. */
/** On their light tints the plain danger and amber tones fall under 4.5:1, so light mode takes darker ones. */
const TONES: Record<Severity, string> = {
  HIGH: 'border-danger/30 bg-danger/10 text-red-800 dark:text-danger',
  MEDIUM: 'border-amber-400/30 bg-amber-400/10 text-amber-800 dark:text-amber-300',
  LOW: 'border-border bg-subtle text-muted-foreground',
};

const MEANINGS: Record<Severity, string> = {
  HIGH: 'HIGH: blocks the task until fixed or dismissed',
  MEDIUM: 'MEDIUM: the task needs a person’s review',
  LOW: 'LOW: recorded only',
};

/** A severity, worded and coloured the same everywhere (rules, findings, cards). */
export function SeverityBadge({ severity, className }: { severity: Severity; className?: string }) {
  return (
    <span
      title={MEANINGS[severity]}
      className={cn(
        'inline-flex h-5 shrink-0 items-center rounded-full border px-1.5 font-mono text-[10px] font-semibold tracking-wide',
        TONES[severity],
        className,
      )}
    >
      {severity}
    </span>
  );
}

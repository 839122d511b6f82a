import type { FindingCounts } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * A card's or row's mark for open review findings that gate the task: HIGH blocks it, MEDIUM sends it
 * to review. LOW findings are only recorded, so they add no mark. Nothing when there is nothing open.
 */
export function FindingsBadge({
  counts,
  className,
}: {
  /** The task's open findings by severity; absent for a task never reviewed. */
  counts: Pick<FindingCounts, 'high' | 'medium'> | undefined;
  className?: string;
}) {
  const high = counts?.high ?? 0;
  const medium = counts?.medium ?? 0;
  if (high <= 0 && medium <= 0) return null;
  const label = [
    high > 0 ? `${plural(high, 'HIGH finding')} (blocks the task)` : null,
    medium > 0 ? `${plural(medium, 'MEDIUM finding')} (needs review)` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span
      role="img"
      aria-label={`Open review findings: ${label}`}
      title={label}
      className={cn('flex gap-1', className)}
    >
      {high > 0 ? (
        <span className="inline-flex h-4 items-center rounded-full border border-danger/30 bg-danger/10 px-1 font-mono text-[10px] font-semibold text-danger tabular-nums">
          {high}H
        </span>
      ) : null}
      {medium > 0 ? (
        <span className="inline-flex h-4 items-center rounded-full border border-amber-400/30 bg-amber-400/10 px-1 font-mono text-[10px] font-semibold text-amber-600 tabular-nums dark:text-amber-300">
          {medium}M
        </span>
      ) : null}
    </span>
  );
}

import type { TaskLabel } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { UserText } from '../../components/ui/user-text';

/**
 * One label as a small chip: its colour as a dot and a tint, its name in the theme's text colour so it
 * reads on light and dark alike. Screen readers hear "Label Bug".
 */
export function LabelChip({
  label,
  className,
}: {
  label: Pick<TaskLabel, 'name' | 'color'>;
  className?: string;
}) {
  return (
    <span
      data-label={label.name}
      className={cn(
        'inline-flex h-5 max-w-40 shrink-0 items-center gap-1 rounded-full border px-1.5 text-[11px] font-medium text-foreground',
        className,
      )}
      // A colour of the organization's choosing: the tint and border are it at low opacity (#rrggbbaa).
      style={{ borderColor: `${label.color}66`, backgroundColor: `${label.color}1f` }}
    >
      <LabelDot color={label.color} />
      <span className="sr-only">Label </span>
      <span className="truncate">
        <UserText>{label.name}</UserText>
      </span>
    </span>
  );
}

/** A label's colour as a dot beside its name; screen readers skip it, since the name says the label. */
export function LabelDot({
  color,
  size = 'sm',
}: {
  color: string /** 'md' beside a menu's text. @default 'sm' */;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      aria-hidden="true"
      className={cn('shrink-0 rounded-full', size === 'md' ? 'size-2.5' : 'size-2')}
      style={{ backgroundColor: color }}
    />
  );
}

/** A task's labels in a row that wraps; nothing at all when it has none. */
export function LabelChips({
  labels,
  className,
}: {
  labels: readonly Pick<TaskLabel, 'id' | 'name' | 'color'>[] | undefined;
  className?: string;
}) {
  if (!labels?.length) return null;
  return (
    <ul aria-label="Labels" className={cn('flex flex-wrap gap-1', className)}>
      {labels.map((label) => (
        <li key={label.id} className="flex min-w-0">
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}

import { Link, type LinkProps } from '@tanstack/react-router';
import { cn } from './cn';

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

interface FilterTabsProps<Value extends string> {
  /** Names the row for assistive technology, e.g. "Filter notifications". */
  label: string;
  options: readonly FilterOption<Value>[];
  current: Value;
  /** How many entries a filter would show, after its label; a filter left out shows no number. */
  counts?: Partial<Record<Value, number>>;
  /** The same page with `value` as its filter (built with `linkOptions`, so the search is checked). */
  linkTo: (value: Value) => LinkProps;
}

/**
 * A row of pill links that filter the list below them. Each filter is a link in the URL's search, so a
 * filtered view can be shared and reloaded; choosing one replaces the history entry instead of adding
 * one, so Back leaves the page rather than stepping through filters.
 */
export function FilterTabs<Value extends string>({
  label,
  options,
  current,
  counts,
  linkTo,
}: FilterTabsProps<Value>) {
  return (
    <nav aria-label={label} className="mb-5 flex flex-wrap gap-1.5">
      {options.map((option) => {
        const active = option.value === current;
        const count = counts?.[option.value];
        return (
          <Link
            key={option.value}
            {...linkTo(option.value)}
            replace
            aria-current={active ? 'true' : undefined}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[13px] font-medium transition-colors',
              active
                ? 'border-accent/40 bg-accent/10 text-foreground'
                : 'border-border text-muted-foreground hover:bg-subtle hover:text-foreground',
            )}
          >
            {option.label}
            {count === undefined ? null : (
              <span className="text-[11px] text-muted-foreground tabular-nums">{count}</span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

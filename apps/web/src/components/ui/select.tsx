import { type SelectHTMLAttributes, useId } from 'react';
import { ChevronDownIcon } from '../icons';
import { cn } from '../ui/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** Visible label; with `hideLabel` it is kept for screen readers only. */
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  hint?: string;
  error?: string;
}

/** A labelled native select, styled like the text fields. */
export function SelectField({
  label,
  hideLabel,
  options,
  hint,
  error,
  className,
  id,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'text-[13px] font-medium text-foreground'}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={cn(
            'h-9 w-full appearance-none rounded-control border border-input bg-background pr-8 pl-3 text-sm text-foreground shadow-xs',
            'transition-colors hover:border-border-strong focus-visible:border-accent disabled:opacity-60',
            'aria-invalid:border-danger',
          )}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

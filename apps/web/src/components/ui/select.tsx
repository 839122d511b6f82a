import { type SelectHTMLAttributes, useId } from 'react';
import { ChevronDownIcon } from '../icons';
import { cn } from './cn';
import { CONTROL_CLASSES, FieldFrame, type FieldFrameProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export interface SelectFieldProps
  extends Omit<FieldFrameProps, 'children'>,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'id' | 'className'> {
  options: readonly SelectOption[];
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
  return (
    <FieldFrame label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <select {...control} className={cn(CONTROL_CLASSES, 'h-9 appearance-none pr-8 pl-3')} {...props}>
            <Options options={options} />
          </select>
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      )}
    </FieldFrame>
  );
}

export interface InlineSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  disabled?: boolean;
}

/** A compact native select for toolbars and side panels; its label is for screen readers only. */
export function InlineSelect({ label, value, options, onChange, className, disabled }: InlineSelectProps) {
  const id = useId();
  // No wrapper: toolbars lay the select out among their other controls.
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(
          'h-8 rounded-control border border-border bg-surface px-2 text-[13px] text-foreground shadow-xs',
          'transition-colors hover:border-border-strong focus-visible:border-accent disabled:opacity-60',
          className,
        )}
      >
        <Options options={options} />
      </select>
    </>
  );
}

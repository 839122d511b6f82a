import { type KeyboardEvent, type SelectHTMLAttributes, useId, useRef, useState } from 'react';
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
  /**
   * When a change is acted on. A closed native select changes its value on every arrow key, which
   * for a filter is fine and for a change saved to the server (a task's status) is one save per key:
   * 'choice' waits for Enter, keeping arrowed-to values as a draft that leaving the select (or
   * Escape) forgets; choices made with the pointer or in the open list still apply at once.
   * @default 'immediate'
   */
  commit?: 'immediate' | 'choice';
}

/** Keys with which a closed select steps its value without the person having chosen it. */
const STEPPING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Whether a key press on a closed select changes its value as it goes (arrows, type-ahead). */
const steps = (event: KeyboardEvent) =>
  STEPPING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ' && !event.altKey);

/** A compact native select for toolbars and side panels; its label is for screen readers only. */
export function InlineSelect({
  label,
  value,
  options,
  onChange,
  className,
  disabled,
  commit = 'immediate',
}: InlineSelectProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // Set between a stepping key's keydown and keyup: the change it causes is a draft, not a choice.
  const stepping = useRef(false);
  const deferring = commit === 'choice';
  const choose = (next: string) => {
    setDraft(null);
    if (next !== value) onChange(next);
  };
  // No wrapper: toolbars lay the select out among their other controls.
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={draft ?? value}
        disabled={disabled}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (deferring && stepping.current) setDraft(next);
          else choose(next);
        }}
        onKeyDown={
          deferring
            ? (event) => {
                if (event.key === 'Enter' && draft !== null) {
                  event.preventDefault();
                  choose(draft);
                } else if (event.key === 'Escape' && draft !== null) {
                  event.preventDefault();
                  setDraft(null);
                } else stepping.current = steps(event);
              }
            : undefined
        }
        onKeyUp={
          deferring
            ? () => {
                stepping.current = false;
              }
            : undefined
        }
        onBlur={deferring ? () => setDraft(null) : undefined}
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

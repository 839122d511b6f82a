import { type InputHTMLAttributes, useId } from 'react';
import { cn } from './cn';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and linked to it with aria-describedby. */
  hint?: string;
  /** Marks the input invalid and is announced with it. */
  error?: string;
}

/** A labelled text input; the label is always visible, never just a placeholder. */
export function Field({ label, hint, error, className, id, ...props }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-[13px] font-medium text-foreground">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'h-9 w-full rounded-control border border-input bg-background px-3 text-sm text-foreground shadow-xs',
          'placeholder:text-muted-foreground/70 transition-colors',
          'hover:border-border-strong focus-visible:border-accent',
          'aria-invalid:border-danger',
        )}
        {...props}
      />
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

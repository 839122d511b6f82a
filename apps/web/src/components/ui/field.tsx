import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './cn';

/** What a control inside a <FieldFrame> needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** Keeps the label for screen readers only, for controls whose purpose the layout already shows. */
  hideLabel?: boolean;
  /** Shown under the control and linked to it with aria-describedby. */
  hint?: ReactNode;
  /** Marks the control invalid and is announced with it. */
  error?: string;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids that tie a control to its hint and error, and the attributes on the control that say so. */
function useFieldWiring(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return { control, hintId, errorId };
}

/** A field's hint, then its error, under the control. */
function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode;
  hintId: string | undefined;
  error: string | undefined;
  errorId: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

/** The one field wrapper: a visible label (never just a placeholder), the control, a hint and an error. */
export function FieldFrame({ label, hideLabel, hint, error, id, className, children }: FieldFrameProps) {
  const { control, hintId, errorId } = useFieldWiring(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={control.id}
        className={hideLabel ? 'sr-only' : 'text-[13px] font-medium text-foreground'}
      >
        {label}
      </label>
      {children(control)}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * For text that must stay exactly as typed (a path, code, a name to confirm): no spell check, no
 * automatic capital, no autofill. Spread it on the control: `<Field {...VERBATIM_INPUT} />`.
 */
export const VERBATIM_INPUT = { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' } as const;

/** The look every text-like control shares. */
export const CONTROL_CLASSES = cn(
  'w-full rounded-control border border-input bg-background text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground/70 transition-colors',
  'hover:border-border-strong focus-visible:border-accent disabled:opacity-60 aria-invalid:border-danger',
);

type FieldOwnProps = Omit<FieldFrameProps, 'children'>;

export interface FieldProps
  extends FieldOwnProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {}

/** A labelled text input. */
export function Field({ label, hideLabel, hint, error, className, id, ...props }: FieldProps) {
  return (
    <FieldFrame label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => <input {...control} className={cn(CONTROL_CLASSES, 'h-9 px-3')} {...props} />}
    </FieldFrame>
  );
}

export interface TextAreaProps
  extends FieldOwnProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {}

/** A labelled multi-line input, styled like <Field>. */
export function TextArea({ label, hideLabel, hint, error, className, id, ...props }: TextAreaProps) {
  return (
    <FieldFrame label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <textarea {...control} className={cn(CONTROL_CLASSES, 'resize-y px-3 py-2 leading-6')} {...props} />
      )}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps
  extends Omit<FieldOwnProps, 'hideLabel'>,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> {}

/** A labelled checkbox, the label beside the box, with a hint and an error under it like <Field>. */
export function CheckboxField({ label, hint, error, className, id, ...props }: CheckboxFieldProps) {
  const { control, hintId, errorId } = useFieldWiring(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={control.id} className="flex items-center gap-2 text-[13px] font-medium text-foreground">
        <input {...control} type="checkbox" className="size-4 accent-accent" {...props} />
        {label}
      </label>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

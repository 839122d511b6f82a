import { type ReactNode, useId, useRef } from 'react';
import { AlertIcon } from '../icons';
import { Button } from './button';
import { CopyButton } from './copy-button';

interface ShownOnceSecretProps {
  title: ReactNode;
  /** Why it is shown only now, and where to keep it. */
  explanation: ReactNode;
  secret: string;
  /** The field's name for screen readers ("New API key"). */
  fieldLabel: string;
  copyLabel: string;
  copiedMessage: string;
  dismissLabel: string;
  onDismiss?: () => void;
}

/**
 * A secret shown the only time it can be (a new key, a webhook secret): it stays until dismissed, so
 * nobody loses it to a stray click, and it is gone after a reload.
 */
export function ShownOnceSecret({
  title,
  explanation,
  secret,
  fieldLabel,
  copyLabel,
  copiedMessage,
  dismissLabel,
  onDismiss,
}: ShownOnceSecretProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-card border border-amber-400/40 bg-amber-400/10 p-4"
    >
      <div className="flex items-start gap-2.5">
        <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
        <div className="min-w-0 text-[13px] leading-5">
          <h3 id={`${id}-title`} className="font-semibold text-foreground">
            {title}
          </h3>
          <p className="mt-0.5 text-muted-foreground">{explanation}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-secret`} className="sr-only">
          {fieldLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-secret`}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="h-8 min-w-0 flex-1 rounded-control border border-input bg-background px-2.5 font-mono text-xs text-foreground shadow-xs"
        />
        <CopyButton
          text={secret}
          label={copyLabel}
          toastMessage={copiedMessage}
          fallback={() => inputRef.current}
        />
      </div>
      {onDismiss ? (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {dismissLabel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

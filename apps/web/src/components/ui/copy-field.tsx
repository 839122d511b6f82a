import { useRef } from 'react';
import { CopyButton } from './copy-button';
import { FieldFrame } from './field';

/** A read-only value with a Copy button, e.g. an invitation link to share by hand. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <FieldFrame label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          <input
            {...control}
            ref={inputRef}
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-control border border-input bg-background px-3 font-mono text-xs text-foreground shadow-xs"
          />
          <CopyButton
            text={value}
            label={`Copy ${label.toLowerCase()}`}
            toastMessage="Link copied"
            fallback={() => inputRef.current}
            size="md"
          />
        </div>
      )}
    </FieldFrame>
  );
}

import { MCP_API_KEY_ENV } from '@switchboard/api-client/contract';
import { useId, useRef } from 'react';
import type { CreatedApiKey } from '../../lib/api-keys';
import { AlertIcon } from '../icons';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';

/**
 * A new key, shown the only time it can be: the server keeps only its hash. Stays until dismissed, so
 * nobody loses it to a stray click; it is gone after a reload.
 */
export function NewKeyNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss?: () => void }) {
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
            Copy the key for {created.name ?? 'your new key'} now
          </h3>
          <p className="mt-0.5 text-muted-foreground">
            It is shown only this once: Switchboard stores a hash of it, never the key. Keep it in a password
            manager or in the <code className="font-mono text-[12px]">{MCP_API_KEY_ENV}</code> environment
            variable, never in a file git tracks. Lost it? Revoke it and create another.
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-key`} className="sr-only">
          New API key
        </label>
        <input
          ref={inputRef}
          id={`${id}-key`}
          readOnly
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="h-8 min-w-0 flex-1 rounded-control border border-input bg-background px-2.5 font-mono text-xs text-foreground shadow-xs"
        />
        <CopyButton
          text={created.key}
          label="Copy API key"
          toastMessage="API key copied"
          fallback={() => inputRef.current}
        />
      </div>
      {onDismiss ? (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            I have stored it; hide the key
          </Button>
        </div>
      ) : null}
    </section>
  );
}

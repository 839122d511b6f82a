import type { RepositoryWithSecret } from '@switchboard/api-client/contract';
import { useId, useRef } from 'react';
import { AlertIcon } from '../icons';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';

/**
 * A webhook secret, shown the only time it can be: after connecting or rotating. It stays until
 * dismissed, so nobody loses it to a stray click; it is gone after a reload.
 */
export function WebhookSecretNotice({
  repository,
  onDismiss,
}: {
  repository: RepositoryWithSecret;
  onDismiss: () => void;
}) {
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
            Copy the webhook secret for {repository.fullName} now
          </h3>
          <p className="mt-0.5 text-muted-foreground">
            It is shown only this once. On GitHub, open the repository's Settings → Webhooks → Add webhook,
            paste the payload URL below and this secret, choose the content type application/json and send
            pull requests, pushes, check suites, check runs and statuses. Lost it? Rotate the secret.
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-secret`} className="sr-only">
          Webhook secret
        </label>
        <input
          ref={inputRef}
          id={`${id}-secret`}
          readOnly
          value={repository.webhookSecret}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="h-8 min-w-0 flex-1 rounded-control border border-input bg-background px-2.5 font-mono text-xs text-foreground shadow-xs"
        />
        <CopyButton
          text={repository.webhookSecret}
          label="Copy webhook secret"
          toastMessage="Webhook secret copied"
          fallback={() => inputRef.current}
        />
      </div>
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          I have stored it; hide the secret
        </Button>
      </div>
    </section>
  );
}

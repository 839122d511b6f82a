import type { RepositoryWithSecret } from '@switchboard/api-client/contract';
import { ShownOnceSecret } from '../../components/ui/shown-once-secret';

/** A webhook secret, shown after connecting or rotating: GitHub needs it, and it is never shown again. */
export function WebhookSecretNotice({
  repository,
  onDismiss,
}: {
  repository: RepositoryWithSecret;
  onDismiss: () => void;
}) {
  return (
    <ShownOnceSecret
      title={<>Copy the webhook secret for {repository.fullName} now</>}
      explanation={
        <>
          It is shown only this once. On GitHub, open the repository's Settings → Webhooks → Add webhook,
          paste the payload URL below and this secret, choose the content type application/json and send pull
          requests, pushes, check suites, check runs and statuses. Lost it? Rotate the secret.
        </>
      }
      secret={repository.webhookSecret}
      fieldLabel="Webhook secret"
      copyLabel="Copy webhook secret"
      copiedMessage="Webhook secret copied"
      dismissLabel="I have stored it; hide the secret"
      onDismiss={onDismiss}
    />
  );
}

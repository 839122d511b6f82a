import { MCP_API_KEY_ENV } from '@switchboard/api-client/contract';
import { ShownOnceSecret } from '../../components/ui/shown-once-secret';
import type { CreatedApiKey } from './api-keys';

/** A new key, shown after creating it: the server keeps only its hash. */
export function NewKeyNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss?: () => void }) {
  return (
    <ShownOnceSecret
      title={<>Copy the key for {created.name ?? 'your new key'} now</>}
      explanation={
        <>
          It is shown only this once: Switchboard stores a hash of it, never the key. Keep it in a password
          manager or in the <code className="font-mono text-[12px]">{MCP_API_KEY_ENV}</code> environment
          variable, never in a file git tracks. Lost it? Revoke it and create another.
        </>
      }
      secret={created.key}
      fieldLabel="New API key"
      copyLabel="Copy API key"
      copiedMessage="API key copied"
      dismissLabel="I have stored it; hide the key"
      onDismiss={onDismiss}
    />
  );
}

import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fullDateTime, relativeTime, shortDate } from '../../components/ui/format';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { describeApiKeyError } from '../../lib/error-messages';
import { agentProfilesQueryOptions } from '../agents/agents';
import { useActiveOrganization, useDashboardClients } from '../settings/use-organization';
import { AgentBadge } from '../tasks/indicators';
import {
  API_KEY_STATUS_LABELS,
  type ApiKey,
  type ApiKeyStatus,
  apiKeyKeys,
  apiKeyStatus,
  apiKeysQueryOptions,
  type CreatedApiKey,
  keyHint,
  revokeApiKey,
} from './api-keys';
import { CreateKeyForm } from './create-key-form';
import { NewKeyNotice } from './new-key-notice';

const STATUS_TONES: Record<ApiKeyStatus, 'success' | 'accent' | 'danger' | 'neutral'> = {
  active: 'success',
  expiring: 'accent',
  expired: 'danger',
  disabled: 'neutral',
};

/** The signed-in person's API keys in the active organization: create one (shown once), list, revoke. */
export function ApiKeysPanel({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const { authClient } = useDashboardClients();
  const { data: keys } = useSuspenseQuery(apiKeysQueryOptions(authClient, organizationId));
  // Choosing an agent is optional: until the profiles arrive (or if they cannot be read) there are none.
  const { data: agents = [] } = useQuery(agentProfilesQueryOptions(api));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { can } = useActiveOrganization(organizationId);

  return (
    <>
      <SettingsSection
        title="Create an API key"
        description={
          <>
            For agents and MCP clients: send it as{' '}
            <code className="font-mono text-[12px]">Authorization: Bearer …</code> or{' '}
            <code className="font-mono text-[12px]">x-api-key</code>. A key works in this organization only
            and acts as the agent you choose.
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {created ? <NewKeyNotice created={created} onDismiss={() => setCreated(null)} /> : null}
          <CreateKeyForm agents={agents} canMarkAdmin={can.updateOrganization} onCreated={setCreated} />
        </div>
      </SettingsSection>

      <SettingsSection
        title="Your keys"
        description={
          keys.length === 0
            ? 'No keys yet in this organization.'
            : `${keys.length} ${keys.length === 1 ? 'key' : 'keys'} in this organization. Only the first characters are kept in the clear.`
        }
      >
        {keys.length > 0 ? <KeyTable keys={keys} onRevoke={setRevoking} /> : null}
      </SettingsSection>

      {revoking ? (
        <RevokeDialog
          apiKey={revoking}
          organizationId={organizationId}
          onClose={() => setRevoking(null)}
          onRevoked={(id) => {
            if (created?.id === id) setCreated(null);
          }}
        />
      ) : null}
    </>
  );
}

const COLUMNS = ['Name', 'Agent', 'Admin', 'Created', 'Last used', 'Expires', 'Status'];

function KeyTable({ keys, onRevoke }: { keys: readonly ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const now = new Date();
  return (
    <div className="-mx-5 overflow-x-auto">
      <table
        aria-label="API keys"
        data-api-key-list
        tabIndex={-1}
        className="w-full min-w-[48rem] text-left text-[13px] outline-none focus-visible:outline-2"
      >
        <thead className="border-y border-border bg-subtle/40 text-[12px] text-muted-foreground">
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column} scope="col" className={cn('py-2 font-medium', index === 0 ? 'px-5' : 'px-3')}>
                {column}
              </th>
            ))}
            <th scope="col" className="px-5 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {keys.map((key) => {
            const status = apiKeyStatus(key, now);
            const agent = key.metadata?.agentName;
            return (
              <tr key={key.id} aria-label={key.name ?? keyHint(key)}>
                <td className="px-5 py-2.5">
                  <p className="font-medium text-foreground">{key.name ?? 'Unnamed key'}</p>
                  <p className="font-mono text-[11px] text-muted-foreground">{keyHint(key)}</p>
                </td>
                <td className="px-3 py-2.5">
                  {agent ? (
                    <span className="inline-flex items-center gap-1.5">
                      <AgentBadge name={agent} />
                      <span className="font-mono text-[12px]">{agent}</span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground" title="Calls act under the key's name">
                      None
                    </span>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  {key.metadata?.admin ? (
                    <span title="Its agents may change the organization's rule sets">Admin</span>
                  ) : (
                    <span className="text-muted-foreground">No</span>
                  )}
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">
                  <time dateTime={key.createdAt} title={fullDateTime(key.createdAt)}>
                    {shortDate(key.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">
                  {key.lastRequest ? (
                    <time dateTime={key.lastRequest} title={fullDateTime(key.lastRequest)}>
                      {relativeTime(key.lastRequest, now)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">
                  {key.expiresAt ? (
                    <time dateTime={key.expiresAt} title={fullDateTime(key.expiresAt)}>
                      {shortDate(key.expiresAt)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="px-3 py-2.5">
                  <Badge tone={STATUS_TONES[status]}>{API_KEY_STATUS_LABELS[status]}</Badge>
                </td>
                <td className="px-5 py-2.5 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="hover:text-danger"
                    aria-label={`Revoke ${key.name ?? keyHint(key)}`}
                    onClick={() => onRevoke(key)}
                  >
                    <TrashIcon className="size-3.5" />
                    Revoke
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RevokeDialog({
  apiKey,
  organizationId,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKey;
  organizationId: string;
  onClose: () => void;
  onRevoked: (id: string) => void;
}) {
  const { authClient } = useDashboardClients();
  const queryClient = useQueryClient();
  const name = apiKey.name ?? keyHint(apiKey);
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(authClient, apiKey.id),
    onSuccess: () => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(organizationId), (keys) =>
        keys?.filter((key) => key.id !== apiKey.id),
      );
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      onRevoked(apiKey.id);
      toast.success(`Revoked ${name}`);
      onClose();
    },
    onError: (error) => toast.error(describeApiKeyError(error, 'The key could not be revoked.')),
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Revoke ${name}?`}
      description={
        <>
          Its next request fails with 401, and agent sessions using it stop. This cannot be undone: to
          reconnect, create a new key.
        </>
      }
      // The key's row (and its Revoke button) goes: the list of keys takes the focus.
      returnFocus={() => document.querySelector<HTMLElement>('[data-api-key-list]')}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate()}
    />
  );
}

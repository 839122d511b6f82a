import type { Repository, RepositoryWithSecret } from '@switchboard/api-client/contract';
import { GitHubIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyField } from '../../components/ui/copy-field';
import { RelativeTime } from '../../components/ui/relative-time';
import { describeError } from '../../lib/error-messages';
import { RepositoryTest } from './repository-test';
import { TokenDialog } from './token-dialog';
import { useRepositoryActions } from './use-repository-actions';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

/** One connected repository: where GitHub delivers, what was heard last, how reporting back goes. */
export function RepositoryCard({
  repository,
  canEdit,
  onSecret,
}: {
  repository: Repository;
  canEdit: boolean;
  onSecret: (repository: RepositoryWithSecret) => void;
}) {
  const { open, setOpen, close, rotate, disconnect } = useRepositoryActions(repository, onSecret);
  const { statusDelivery } = repository;

  return (
    <li aria-label={repository.fullName} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={repository.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 font-mono text-[13px] font-medium text-foreground hover:underline"
        >
          <GitHubIcon className="size-4" />
          {repository.fullName}
        </a>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen('token')}>
              {repository.hasToken ? 'Change token' : 'Add token'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen('rotate')}>
              Rotate secret
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="hover:text-danger"
              onClick={() => setOpen('disconnect')}
            >
              Disconnect
            </Button>
          </div>
        ) : null}
      </div>
      <CopyField
        label="Webhook URL"
        value={repository.webhookUrl}
        hint="GitHub's payload URL for this repository's webhook."
      />
      <dl className="grid gap-2 text-[13px] sm:grid-cols-2">
        <Fact term="Token">
          {repository.hasToken
            ? 'Stored; commit statuses are reported'
            : 'None; commit statuses are not reported'}
        </Fact>
        <Fact term="Last delivery">
          {repository.lastDeliveryAt ? <RelativeTime value={repository.lastDeliveryAt} /> : 'None yet'}
        </Fact>
        <Fact term="Statuses waiting">{statusDelivery.waiting}</Fact>
        <Fact term="Last status delivered">
          {statusDelivery.lastDeliveredAt ? (
            <RelativeTime value={statusDelivery.lastDeliveredAt} />
          ) : (
            'None yet'
          )}
        </Fact>
        {statusDelivery.lastError ? (
          <div className="sm:col-span-2">
            <dt className="text-danger">Last error</dt>
            <dd className="text-foreground">
              {statusDelivery.lastError.message} (<RelativeTime value={statusDelivery.lastError.at} />)
            </dd>
          </div>
        ) : null}
      </dl>
      {canEdit ? <RepositoryTest repository={repository} /> : null}
      {open === 'token' ? <TokenDialog repository={repository} onClose={close} /> : null}
      <ConfirmDialog
        open={open === 'rotate'}
        onClose={close}
        title={`Rotate the secret of ${repository.fullName}?`}
        description="Deliveries signed with the old secret are refused from now on, until you paste the new one into the webhook on GitHub."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      />
      <ConfirmDialog
        open={open === 'disconnect'}
        onClose={close}
        title={`Disconnect ${repository.fullName}?`}
        description="Its deliveries are refused and tasks lose their links to its branches and pull requests. Remove the webhook on GitHub too."
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting…"
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
      {rotate.error || disconnect.error ? (
        <p role="alert" className="text-[13px] text-danger">
          {describeError(rotate.error ?? disconnect.error)}
        </p>
      ) : null}
    </li>
  );
}

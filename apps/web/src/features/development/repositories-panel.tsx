import type { RepositoryWithSecret } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { AccessNotice } from '../settings/access-notice';
import { ConnectRepositoryForm } from './connect-repository-form';
import { repositoriesQueryOptions } from './repositories';
import { RepositoryCard } from './repository-card';
import { WebhookSecretNotice } from './webhook-secret-notice';

/**
 * The project's GitHub repositories. Everyone sees them; owners and admins connect, set tokens,
 * rotate secrets and disconnect. A secret from connecting or rotating shows once, above the list.
 */
export function RepositoriesPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const api = useApi();
  const { data: repositories } = useSuspenseQuery(repositoriesQueryOptions(api, projectId));
  const [secret, setSecret] = useState<RepositoryWithSecret | null>(null);
  return (
    <>
      <SettingsSection
        title="Repositories"
        description="Branches, commits and pull requests that name a task's key (SWB-12) link to it and move it on the board; with a token, the review gate shows on the pull request as a commit status."
      >
        {canEdit ? null : (
          <AccessNotice className="mb-3">
            Owners and admins connect repositories and manage their tokens and secrets.
          </AccessNotice>
        )}
        {secret ? (
          <div className="mb-4">
            <WebhookSecretNotice repository={secret} onDismiss={() => setSecret(null)} />
          </div>
        ) : null}
        {repositories.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">No repository is connected yet.</p>
        ) : (
          <ul aria-label="Connected repositories" className="divide-y divide-border">
            {repositories.map((repository) => (
              <RepositoryCard
                key={repository.id}
                repository={repository}
                canEdit={canEdit}
                onSecret={setSecret}
              />
            ))}
          </ul>
        )}
      </SettingsSection>
      {canEdit ? (
        <SettingsSection
          title="Connect a repository"
          description="Then add a webhook on GitHub with the URL and the secret shown here."
        >
          <ConnectRepositoryForm projectId={projectId} onConnected={setSecret} />
        </SettingsSection>
      ) : null}
    </>
  );
}

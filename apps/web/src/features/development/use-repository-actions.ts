import type { Repository, RepositoryWithSecret } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../hooks/use-api';
import { disconnectRepository, repositoryKeys, rotateWebhookSecret } from './repositories';

type Open = 'token' | 'rotate' | 'disconnect' | null;

/**
 * What a repository's card does: which of its dialogs is up, rotating the webhook secret (the new one
 * goes to `onSecret`, shown once) and disconnecting it; either reads the project's repositories again.
 */
export function useRepositoryActions(
  repository: Repository,
  onSecret: (repository: RepositoryWithSecret) => void,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: repositoryKeys.list(repository.projectId) });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(api, repository.projectId, repository.id),
    onSuccess: (rotated) => {
      close();
      onSecret(rotated);
      return refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectRepository(api, repository.projectId, repository.id),
    onSuccess: () => {
      close();
      return refresh();
    },
  });
  return { open, setOpen, close, rotate, disconnect };
}

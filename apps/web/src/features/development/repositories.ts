import type { TypedApi } from '@switchboard/api-client';
import type { ConnectRepository, UpdateCodeMoves } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/** Every query of a project's code connection sits under `repositories`, so one invalidation reads them all. */
export const repositoryKeys = {
  all: ['repositories'] as const,
  list: (projectId: string) => ['repositories', 'list', projectId] as const,
  codeMoves: (projectId: string) => ['repositories', 'code-moves', projectId] as const,
};

export async function fetchRepositories(api: TypedApi, projectId: string) {
  return (await api.repositories.list({ projectId })).items;
}

/** The project's connected GitHub repositories, with how reporting to each goes. */
export const repositoriesQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: repositoryKeys.list(projectId),
    queryFn: () => fetchRepositories(api, projectId),
    retry: retryUnlessClientError,
  });

/** Which board moves follow the code in the project. */
export const codeMovesQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: repositoryKeys.codeMoves(projectId),
    queryFn: () => api.repositories.codeMoves({ projectId }),
    retry: retryUnlessClientError,
  });

export function connectRepository(api: TypedApi, projectId: string, body: ConnectRepository) {
  return api.repositories.connect({ projectId, body });
}

export function setRepositoryToken(
  api: TypedApi,
  projectId: string,
  repositoryId: string,
  token: string | null,
) {
  return api.repositories.update({ projectId, repositoryId, body: { token } });
}

export function disconnectRepository(api: TypedApi, projectId: string, repositoryId: string) {
  return api.repositories.disconnect({ projectId, repositoryId });
}

export function rotateWebhookSecret(api: TypedApi, projectId: string, repositoryId: string) {
  return api.repositories.rotateSecret({ projectId, repositoryId });
}

export function testRepository(api: TypedApi, projectId: string, repositoryId: string) {
  return api.repositories.test({ projectId, repositoryId });
}

export function updateCodeMoves(api: TypedApi, projectId: string, body: UpdateCodeMoves) {
  return api.repositories.updateCodeMoves({ projectId, body });
}

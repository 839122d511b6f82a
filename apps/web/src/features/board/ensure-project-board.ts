import type { TypedApi } from '@switchboard/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { projectQueryOptions, statusesQueryOptions } from '../projects/projects';
import { boardTasksQueryOptions } from '../tasks/tasks';

/** Loads what a project's board is drawn from: the project, its statuses, its tasks; answers the project. */
export async function ensureProjectBoard(queryClient: QueryClient, api: TypedApi, projectId: string) {
  const [project] = await Promise.all([
    queryClient.ensureQueryData(projectQueryOptions(api, projectId)),
    queryClient.ensureQueryData(statusesQueryOptions(api, projectId)),
    queryClient.ensureQueryData(boardTasksQueryOptions(api, projectId)),
  ]);
  return project;
}

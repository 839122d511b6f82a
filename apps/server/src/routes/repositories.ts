import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { readCodeMoves, updateCodeMoves } from '../domain/development/code-moves';
import type { GithubIntegration } from '../domain/development/integration';
import { linkPullRequest } from '../domain/development/pull-request-links';
import {
  connectRepository,
  disconnectRepository,
  findRepository,
  listRepositories,
  requireRepositoryManager,
  rotateWebhookSecret,
  testRepository,
  updateRepository,
} from '../domain/development/repositories';
import { findProject } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * A project's connected GitHub repositories and its code-move switches: every member reads them;
 * owners and admins connect, change and disconnect. Any member or agent links a pull request to a task.
 * Existence is checked before the role, so nobody learns of another organization's repository.
 */
export function repositoryRoutes(services: DomainServices, github: GithubIntegration) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.repositories.list, async ({ params, c }) => ({
      items: await listRepositories(services.db, c.var.acting, params.projectId, github),
    }))
    .on(endpoints.repositories.connect, async ({ params, body, c }) => {
      await findProject(services.db, c.var.acting, params.projectId);
      requireRepositoryManager(c.var.acting.role);
      return connectRepository(services, c.var.acting, params.projectId, body, github);
    })
    .on(endpoints.repositories.update, async ({ params, body, c }) => {
      await findRepository(services.db, c.var.acting, params.projectId, params.repositoryId);
      requireRepositoryManager(c.var.acting.role);
      return updateRepository(services, c.var.acting, params.projectId, params.repositoryId, body, github);
    })
    .on(endpoints.repositories.disconnect, async ({ params, c }) => {
      await findRepository(services.db, c.var.acting, params.projectId, params.repositoryId);
      requireRepositoryManager(c.var.acting.role);
      return {
        deleted: await disconnectRepository(
          services,
          c.var.acting,
          params.projectId,
          params.repositoryId,
          github,
        ),
      };
    })
    .on(endpoints.repositories.rotateSecret, async ({ params, c }) => {
      await findRepository(services.db, c.var.acting, params.projectId, params.repositoryId);
      requireRepositoryManager(c.var.acting.role);
      return rotateWebhookSecret(services.db, c.var.acting, params.projectId, params.repositoryId, github);
    })
    .on(endpoints.repositories.test, async ({ params, c }) => {
      await findRepository(services.db, c.var.acting, params.projectId, params.repositoryId);
      requireRepositoryManager(c.var.acting.role);
      return testRepository(services, c.var.acting, params.projectId, params.repositoryId, github);
    })
    .on(endpoints.repositories.codeMoves, ({ params, c }) =>
      readCodeMoves(services.db, c.var.acting, params.projectId),
    )
    .on(endpoints.repositories.updateCodeMoves, async ({ params, body, c }) => {
      await findProject(services.db, c.var.acting, params.projectId);
      requireRepositoryManager(c.var.acting.role);
      return updateCodeMoves(services.db, c.var.acting, params.projectId, body);
    })
    .on(endpoints.repositories.linkPullRequest, ({ params, body, c }) =>
      linkPullRequest(services, c.var.acting, params.task, body.url, github.webUrl),
    ).app;
}

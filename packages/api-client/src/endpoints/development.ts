import * as z from 'zod';
import {
  codeMovesSchema,
  connectRepositorySchema,
  linkPullRequestSchema,
  repositoryCheckSchema,
  repositorySchema,
  repositoryWithSecretSchema,
  updateCodeMovesSchema,
  updateRepositorySchema,
  webhookReceiptSchema,
} from '../contract/development';
import { taskSchema } from '../contract/tasks';
import { defineEndpoint, listOf } from './define';

const TAG = 'Development';

export const repositories = {
  list: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/repositories',
    summary: "The project's connected GitHub repositories, with how reporting to them goes",
    tag: TAG,
    response: listOf(repositorySchema),
    errors: ['PROJECT_NOT_FOUND'],
  }),
  connect: defineEndpoint({
    method: 'POST',
    path: '/projects/{projectId}/repositories',
    summary: 'Connect a GitHub repository (owner/admin); the answer shows the webhook secret once',
    tag: TAG,
    body: connectRepositorySchema,
    response: repositoryWithSecretSchema,
    status: 201,
    errors: ['PROJECT_NOT_FOUND', 'FORBIDDEN', 'REPOSITORY_ALREADY_CONNECTED'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/projects/{projectId}/repositories/{repositoryId}',
    summary: "Replace or remove a repository's token (owner/admin)",
    tag: TAG,
    body: updateRepositorySchema,
    response: repositorySchema,
    errors: ['PROJECT_NOT_FOUND', 'REPOSITORY_NOT_FOUND', 'FORBIDDEN'],
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/projects/{projectId}/repositories/{repositoryId}',
    summary: 'Disconnect a repository (owner/admin); tasks keep no link to its pull requests',
    tag: TAG,
    response: z.object({ deleted: repositorySchema }),
    errors: ['PROJECT_NOT_FOUND', 'REPOSITORY_NOT_FOUND', 'FORBIDDEN'],
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/projects/{projectId}/repositories/{repositoryId}/webhook-secret',
    summary: 'Make a new webhook secret (owner/admin); shown once, the old one stops working at once',
    tag: TAG,
    response: repositoryWithSecretSchema,
    errors: ['PROJECT_NOT_FOUND', 'REPOSITORY_NOT_FOUND', 'FORBIDDEN'],
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/projects/{projectId}/repositories/{repositoryId}/test',
    summary: "Check the repository's token against the GitHub API (owner/admin)",
    tag: TAG,
    response: repositoryCheckSchema,
    errors: [
      'PROJECT_NOT_FOUND',
      'REPOSITORY_NOT_FOUND',
      'FORBIDDEN',
      'GITHUB_TOKEN_MISSING',
      'GITHUB_TOKEN_REFUSED',
      'GITHUB_UNAVAILABLE',
    ],
  }),
  codeMoves: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/code-moves',
    summary: 'Which moves follow pull requests in this project',
    tag: TAG,
    response: codeMovesSchema,
    errors: ['PROJECT_NOT_FOUND'],
  }),
  updateCodeMoves: defineEndpoint({
    method: 'PATCH',
    path: '/projects/{projectId}/code-moves',
    summary: 'Turn moves that follow pull requests on or off (owner/admin)',
    tag: TAG,
    body: updateCodeMovesSchema,
    response: codeMovesSchema,
    errors: ['PROJECT_NOT_FOUND', 'FORBIDDEN', 'VERSION_CONFLICT'],
  }),
  linkPullRequest: defineEndpoint({
    method: 'POST',
    path: '/tasks/{task}/pull-requests',
    summary: "Link a pull request of one of the project's repositories to a task by its address",
    tag: TAG,
    body: linkPullRequestSchema,
    response: taskSchema,
    errors: ['TASK_NOT_FOUND', 'PULL_REQUEST_URL_INVALID'],
  }),
};

export const webhooks = {
  github: defineEndpoint({
    method: 'POST',
    path: '/webhooks/github/{repositoryId}',
    summary:
      'GitHub webhook deliveries (pull_request, push, check_suite, check_run, status), signed with the repository’s secret',
    tag: TAG,
    access: 'public',
    response: webhookReceiptSchema,
    status: 202,
    errors: [
      'REPOSITORY_NOT_FOUND',
      'WEBHOOK_SIGNATURE_INVALID',
      'WEBHOOK_DELIVERY_INVALID',
      'WEBHOOK_DELIVERY_FAILED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  }),
};

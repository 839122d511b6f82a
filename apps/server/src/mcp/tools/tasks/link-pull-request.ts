import { mcpDevelopmentSchema, mcpTaskArgument } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { linkPullRequest } from '../../../domain/development/pull-request-links';
import { developmentView } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';

export function registerLinkPullRequest(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'link-pull-request',
      title: 'Link pull request',
      description:
        'Links a pull request by URL to a task whose branch, title and description do not name its key. The repository must be connected to the project.',
      input: z.strictObject({
        task: mcpTaskArgument,
        url: z.string().trim().max(500).describe('e.g. https://github.com/acme/api/pull/12'),
      }),
      output: z.object({ key: z.string(), development: mcpDevelopmentSchema }),
      idempotent: true,
    },
    async ({ task, url }, call) => {
      const linked = await linkPullRequest(call.services, call.caller.acting, task, url, call.githubWebUrl);
      return { key: linked.key, development: developmentView(linked.development) };
    },
  );
}
